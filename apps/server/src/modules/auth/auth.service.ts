import { randomBytes } from 'node:crypto';
import { ACCOUNT_TYPE, CODE_PURPOSE, type LoginResult } from '@meridian/contracts';
import type { Language } from '@meridian/i18n';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ClientInfo } from '../../lib/client-info.ts';
import { newInviteCode, newUid } from '../../lib/public-ids.ts';
import type { SessionEvents } from '../../lib/session-events.ts';
import { type AccountDeps, openSession } from '../account/account.service.ts';
import { revokeSession, revokeUserSessions } from '../account/session.repository.ts';
import { toUserDto } from '../account/user.mapper.ts';
import { findUserById, insertUserIfAbsent } from '../account/user.repository.ts';
import { readSetting } from '../settings/settings.service.ts';
import { emailIdentity, type Identity, identityOf } from './account-identity.ts';
import { AttemptLimiter, claimAll } from './attempt-limiter.ts';
import {
  findUserByIdentity,
  readOrCreateSecret,
  resolveInviteCode,
  setPasswordHash,
} from './auth.repository.ts';
import { checkCaptcha } from './captcha.service.ts';
import type { CodeSender } from './code-sender.ts';
import { hashPassword, isStrongEnough, timingDummyHash, verifyPassword } from './password.ts';
import {
  BackgroundDeliveries,
  consumeValidCode,
  issueCode,
  RESEND_INTERVAL_MS,
} from './verification-code.service.ts';

/** Login failures allowed per account and per address in 15 minutes, and codes per address per hour. */
export const LOGIN_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_FAILURES_PER_ADDRESS = 20;
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const CODES_PER_ADDRESS_PER_HOUR = 20;

export interface AuthDeps extends AccountDeps {
  sender: CodeSender;
  sessionEvents: SessionEvents;
  log: Pick<FastifyBaseLogger, 'error'>;
}

export interface AuthService {
  login(
    input: { account: string; password: string; loginType: number; areaId?: number },
    client: ClientInfo,
  ): Promise<LoginResult>;
  register(
    input: {
      type: number;
      areaId?: number;
      account: string;
      password: string;
      rePassword: string;
      inviteCode: string;
      code: string;
      captchaId: string;
    },
    client: ClientInfo,
  ): Promise<LoginResult>;
  sendCode(
    input: { channel: 'email' | 'sms'; to: string; purpose: number; areaId?: number },
    lang: Language,
    ip: string,
  ): Promise<{ resend_after: number }>;
  resetPassword(input: {
    type: number;
    account: string;
    areaId?: number;
    newPassword: string;
    repeat: string;
    code: string;
  }): Promise<null>;
  changePassword(
    userId: number,
    tokenHash: string,
    input: { old: string; next: string; repeat: string },
  ): Promise<null>;
  logout(tokenHash: string): Promise<null>;
  /** Resolves when codes still being delivered after their answer have gone (or after 10 s). */
  settled(): Promise<void>;
}

export async function createAuthService(deps: AuthDeps): Promise<AuthService> {
  const secret = await readOrCreateSecret(deps.db, 'code_secret', randomBytes(32).toString('hex'));
  const background = new BackgroundDeliveries(deps.log);
  const codeDeps = { db: deps.db, now: deps.now, secret, sender: deps.sender, background, log: deps.log };
  const byAccount = new AttemptLimiter(LOGIN_FAILURES_PER_ACCOUNT, LOGIN_WINDOW_MS, deps.now);
  const byAddress = new AttemptLimiter(LOGIN_FAILURES_PER_ADDRESS, LOGIN_WINDOW_MS, deps.now);
  const codesByAddress = new AttemptLimiter(CODES_PER_ADDRESS_PER_HOUR, 60 * 60_000, deps.now);
  /** Numbers and addresses a code is being sent to now (one server per database: memory is enough). */
  const sendingTo = new Set<string>();

  const requirePassword = (p: string) => {
    if (!p) throw new AppError('ACCOUNT_ENTER_PASSWORD');
  };
  const revokeAndTell = async (userId: number, keep?: string) =>
    deps.sessionEvents.revoked(await revokeUserSessions(deps.db, userId, new Date(deps.now()), keep));

  async function checkNotTaken(db: Db, who: Identity) {
    if (await findUserByIdentity(db, who)) throw new AppError('ACCOUNT_EXISTS');
  }

  return {
    async login(input, client) {
      if (!input.account) {
        throw new AppError(
          input.loginType === ACCOUNT_TYPE.MOBILE ? 'ACCOUNT_ENTER_PHONE' : 'ACCOUNT_ENTER_EMAIL',
        );
      }
      requirePassword(input.password);
      // An unreadable account gets the same refusal as a wrong password: nothing is revealed
      // (a malformed e-mail throws before any promise, hence the wrapper).
      const who = await Promise.resolve()
        .then(() => identityOf(deps.db, input.loginType, input.account, input.areaId))
        .catch((err: unknown) => {
          if (err instanceof AppError) return null;
          throw err; // the database, not the trader: a 500, not 'wrong password'
        });
      // The account as stored ('07911 123456' and '7911123456' are one number, one count).
      const accountKey = who ? who.target : `${input.loginType}:${input.account.trim().toLowerCase()}`;
      const addressKey = client.ip ?? 'unknown';
      const waitMs = Math.max(byAccount.retryAfterMs(accountKey), byAddress.retryAfterMs(addressKey));
      if (waitMs > 0) throw new AppError('AUTH_LOGIN_RATE_LIMITED', { minutes: Math.ceil(waitMs / 60_000) });
      // Counted before the slow password check, so guesses sent in parallel cannot all be tried.
      const notAGuess = claimAll([byAccount, accountKey], [byAddress, addressKey]);

      let user: Awaited<ReturnType<typeof findUserByIdentity>>;
      let ok: boolean;
      try {
        user = who ? await findUserByIdentity(deps.db, who) : null;
        ok =
          user?.passwordHash != null
            ? await verifyPassword(user.passwordHash, input.password)
            : (await verifyPassword(await timingDummyHash(), input.password)) && false;
      } catch (err) {
        notAGuess(); // a database blip must not lock the account or the address
        throw err;
      }
      if (!ok || !user) throw new AppError('AUTH_LOGIN_FAILED');
      notAGuess();
      byAccount.reset(accountKey);
      // Only after the password matched: a frozen account's existence is not revealed to a guesser.
      if (user.loginFrozen) throw new AppError('AUTH_ACCOUNT_FROZEN');
      const token = await openSession(deps, user.id, client);
      return { token, user: toUserDto(user) };
    },

    async register(input, client) {
      const who = await identityOf(deps.db, input.type, input.account, input.areaId);
      requirePassword(input.password);
      if (input.password !== input.rePassword) throw new AppError('ACCOUNT_PASSWORD_MISMATCH');
      if (!isStrongEnough(input.password)) throw new AppError('ACCOUNT_PASSWORD_WEAK');
      if (!input.inviteCode) throw new AppError('ACCOUNT_INVITE_REQUIRED');
      const invite = await resolveInviteCode(deps.db, input.inviteCode.toUpperCase());
      if (!invite.valid) throw new AppError('ACCOUNT_INVITE_INVALID');
      if (!input.code) throw new AppError('ACCOUNT_CODE_REQUIRED');
      await checkNotTaken(deps.db, who);

      const verifyRegType = await readSetting(deps.db, 'verify_reg_type');
      if (verifyRegType === '2') await checkCaptcha(deps.db, deps.now(), input.captchaId, input.code);
      else await consumeValidCode(codeDeps, CODE_PURPOSE.REGISTER, who.target, input.code);

      const passwordHash = await hashPassword(input.password);
      const user = await deps.db.transaction(async (tx) => {
        for (let attempt = 0; attempt < 5; attempt++) {
          const created = await insertUserIfAbsent(tx, {
            uid: newUid(),
            inviteCode: newInviteCode(),
            passwordHash,
            inviterId: invite.inviterId,
            ...(who.kind === 'email' ? { email: who.email } : { areaCode: who.areaCode, mobile: who.mobile }),
          });
          if (created) return created;
          if (await findUserByIdentity(tx, who)) throw new AppError('ACCOUNT_EXISTS'); // a racing twin
        }
        throw new Error('could not allocate a uid');
      });
      const token = await openSession(deps, user.id, client);
      return { token, user: toUserDto(user) };
    },

    async sendCode(input, lang, ip) {
      const who =
        input.channel === 'email'
          ? emailIdentity(input.to)
          : await identityOf(deps.db, ACCOUNT_TYPE.MOBILE, input.to, input.areaId);
      if (codesByAddress.retryAfterMs(ip) > 0) throw new AppError('REQUEST_RATE_LIMITED');
      // Counted from arrival, and a send to a number or address already under way answers 'wait':
      // each paid message waits for the gateway, and 40 parallel requests from one address (or to
      // one number) were all sent before any was counted.
      if (sendingTo.has(who.target))
        throw new AppError('CODE_RESEND_TOO_SOON', { seconds: RESEND_INTERVAL_MS / 1000 });
      const takeBack = codesByAddress.claim(ip);
      sendingTo.add(who.target);
      try {
        const existing = await findUserByIdentity(deps.db, who);
        // Registration may say the account exists (the next step would anyway); a reset never tells.
        if (input.purpose === CODE_PURPOSE.REGISTER && existing) throw new AppError('ACCOUNT_EXISTS');
        const deliver = input.purpose === CODE_PURPOSE.REGISTER || Boolean(existing?.passwordHash);
        const r = await issueCode(codeDeps, {
          purpose: input.purpose,
          channel: input.channel,
          target: who.target,
          lang,
          deliver,
          // Whether a reset's account exists must not show in how long the answer takes (SMTP).
          background: input.purpose === CODE_PURPOSE.RESET_PASSWORD,
        });
        return { resend_after: r.resendAfterS };
      } catch (err) {
        // Refused before anything was sent: not a send. A failed delivery counts (a gateway that
        // timed out may still deliver it).
        if (!(err instanceof AppError && err.errorName === 'CODE_DELIVERY_FAILED')) takeBack();
        throw err;
      } finally {
        sendingTo.delete(who.target);
      }
    },

    async resetPassword(input) {
      if (!input.newPassword || !input.repeat) throw new AppError('PASSWORD_INPUT_FULL');
      if (input.newPassword !== input.repeat) throw new AppError('PASSWORD_NOT_EQUAL');
      if (!isStrongEnough(input.newPassword)) throw new AppError('ACCOUNT_PASSWORD_WEAK');
      const who = await identityOf(deps.db, input.type, input.account, input.areaId);
      // No live code exists for an unknown account, so it gets the same refusal as a wrong code.
      await consumeValidCode(codeDeps, CODE_PURPOSE.RESET_PASSWORD, who.target, input.code);
      const user = await findUserByIdentity(deps.db, who);
      if (!user) throw new AppError('CODE_INCORRECT');
      await setPasswordHash(deps.db, user.id, await hashPassword(input.newPassword));
      await revokeAndTell(user.id);
      return null;
    },

    async changePassword(userId, tokenHash, input) {
      const user = await findUserById(deps.db, userId);
      if (!user) throw new AppError('AUTH_SESSION_INVALID');
      if (user.isDemo || !user.passwordHash) throw new AppError('AUTH_DEMO_NOT_ALLOWED');
      if (!input.old || !input.next || !input.repeat) throw new AppError('PASSWORD_INPUT_FULL');
      if (input.next !== input.repeat) throw new AppError('PASSWORD_NOT_EQUAL');
      // A guess at the current password counts as a failed sign-in of the account: a stolen session
      // cannot try passwords without limit and then lock its owner out with a new one.
      const accountKey = user.email ?? `${user.areaCode}${user.mobile}`;
      const waitMs = byAccount.retryAfterMs(accountKey);
      if (waitMs > 0) throw new AppError('AUTH_LOGIN_RATE_LIMITED', { minutes: Math.ceil(waitMs / 60_000) });
      const forget = byAccount.claim(accountKey);
      const matches = await verifyPassword(user.passwordHash, input.old).catch((err: unknown) => {
        forget();
        throw err;
      });
      if (!matches) throw new AppError('PASSWORD_OLD_WRONG');
      forget();
      if (input.next === input.old) throw new AppError('PASSWORD_UNCHANGED');
      if (!isStrongEnough(input.next)) throw new AppError('ACCOUNT_PASSWORD_WEAK');
      await setPasswordHash(deps.db, user.id, await hashPassword(input.next));
      await revokeAndTell(user.id, tokenHash);
      return null;
    },

    settled: () => background.settled(),

    async logout(tokenHash) {
      await revokeSession(deps.db, tokenHash, new Date(deps.now()));
      deps.sessionEvents.revoked([tokenHash]);
      return null;
    },
  };
}
