import type { staffFreezeCall } from '@meridian/contracts';
import { revokeUserSessions } from '../../account/session.repository.ts';
import type { StaffContext } from '../../staff/register-staff-call.ts';
import { type UserRow, updateUserFlags } from '../backoffice.repository.ts';
import type { BackofficeDeps } from '../backoffice-deps.ts';
import { requireUser } from '../require-user.ts';
import { toStaffUserRow } from '../staff-user.mapper.ts';

const flags = (u: UserRow) => ({
  loginFrozen: u.loginFrozen,
  tradingFrozen: u.tradingFrozen,
  reason: u.frozenReason,
});

/** Freezes (or frees) a user's sign-in and trading, with the reason staff gave. */
export async function freezeUser(
  deps: Pick<BackofficeDeps, 'db' | 'now' | 'engine' | 'sessionEvents'>,
  input: Pick<StaffContext<typeof staffFreezeCall>, 'params' | 'body' | 'audit'>,
) {
  const { db } = deps;
  const { params, body, audit } = input;
  const before = await requireUser(db, params.id);
  const after = (await updateUserFlags(db, params.id, {
    loginFrozen: body.login,
    tradingFrozen: body.trading,
    frozenReason: body.login || body.trading ? body.reason : '',
  }))!;
  await deps.engine.setTradingFrozen(params.id, body.trading);
  // A frozen login ends every session of the account now, sockets included.
  if (body.login && !before.loginFrozen)
    deps.sessionEvents.revoked(await revokeUserSessions(db, params.id, new Date(deps.now())));
  audit({
    action: 'user.freeze',
    targetType: 'user',
    targetId: params.id,
    before: flags(before),
    after: flags(after),
  });
  return toStaffUserRow(after);
}
