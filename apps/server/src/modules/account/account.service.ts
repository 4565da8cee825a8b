import type { LoginResult, User, WalletBalance } from '@meridian/contracts';
import { LEDGER_TYPE, money, toBalanceCents } from '@meridian/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ClientInfo } from '../../lib/client-info.ts';
import { newInviteCode, newUid } from '../../lib/public-ids.ts';
import { hashToken, newSessionToken } from '../../lib/session-token.ts';
import type { AttemptLimiter } from '../auth/attempt-limiter.ts';
import { moveMoney } from '../ledger/move-money.ts';
import { insertSession } from './session.repository.ts';
import { toUserDto } from './user.mapper.ts';
import { findUserByDemoId, findUserById, insertUserIfAbsent, type UserRow } from './user.repository.ts';

export interface AccountDeps {
  db: Db;
  now: () => number;
  sessionTtlDays: number;
  demoStartBalance: () => Promise<string>;
}

/** Creates a session for a user and returns its token (the only time the raw token exists). */
export async function openSession(
  deps: AccountDeps,
  userId: number,
  client: ClientInfo,
  db: DbOrTx = deps.db,
) {
  const token = newSessionToken();
  const expiresAt = new Date(deps.now() + deps.sessionTtlDays * 86_400_000);
  await insertSession(db, { userId, tokenHash: hashToken(token), expiresAt, ...client });
  return token;
}

async function createDemoUser(deps: AccountDeps, demoId: string): Promise<UserRow | null> {
  const opening = await deps.demoStartBalance();
  return deps.db.transaction(async (tx) => {
    // uid and invite code are random: a collision only means another draw.
    for (let attempt = 0; attempt < 5; attempt++) {
      const created = await insertUserIfAbsent(tx, {
        uid: newUid(),
        inviteCode: newInviteCode(),
        isDemo: true,
        demoId,
      });
      if (!created) {
        if (await findUserByDemoId(tx, demoId)) return null; // the same device raced us
        continue;
      }
      const moved = await moveMoney(tx, {
        userId: created.id,
        type: LEDGER_TYPE.DEMO_OPENING_CREDIT,
        balanceDelta: opening,
        idempotencyKey: `demo-open:${created.id}`,
        at: new Date(deps.now()),
      });
      if (!moved.ok) throw new Error('demo opening credit refused');
      return findUserById(tx, created.id);
    }
    throw new Error('could not allocate a uid for a demo account');
  });
}

/**
 * New demo accounts per client address: a device resumes its own account without limit, but one
 * address opening hundreds of accounts a minute is a script (each account can hold orders).
 */
export const DEMO_ACCOUNTS_PER_ADDRESS_PER_HOUR = 30;

/**
 * Demo login by device id (DESIGN §6): the same device resumes the same demo account; a new one
 * counts against its address in `newDemos`.
 */
export async function loginDemo(
  deps: AccountDeps,
  demoId: string,
  client: ClientInfo,
  newDemos: AttemptLimiter,
): Promise<LoginResult> {
  let user = await findUserByDemoId(deps.db, demoId);
  if (!user) {
    const address = client.ip ?? 'unknown';
    if (newDemos.retryAfterMs(address) > 0) throw new AppError('REQUEST_RATE_LIMITED');
    newDemos.record(address);
    user = (await createDemoUser(deps, demoId)) ?? (await findUserByDemoId(deps.db, demoId));
  }
  if (!user) throw new Error('demo account vanished after creation');
  if (user.loginFrozen) throw new AppError('AUTH_ACCOUNT_FROZEN');
  const token = await openSession(deps, user.id, client);
  return { token, user: toUserDto(user) };
}

async function requireUser(db: DbOrTx, userId: number): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('AUTH_SESSION_INVALID');
  return user;
}

export async function getUserInfo(deps: AccountDeps, userId: number): Promise<User> {
  return toUserDto(await requireUser(deps.db, userId));
}

export async function getWalletBalance(deps: AccountDeps, userId: number): Promise<WalletBalance> {
  const u = await requireUser(deps.db, userId);
  return { balance: toBalanceCents(money(u.balance)), lock_balance: toBalanceCents(money(u.lockBalance)) };
}
