import { REAL_NAME_STATUS, type staffUserDetailCall } from '@meridian/contracts';
import { iso } from '../../../lib/iso-time.ts';
import { latestSubmission } from '../../real-name/real-name.repository.ts';
import type { StaffContext } from '../../staff/register-staff-call.ts';
import { accountSummaryOf } from '../../trading/account-summary.ts';
import { findUser, sessionsOf, type UserRow } from '../backoffice.repository.ts';
import type { BackofficeDeps } from '../backoffice-deps.ts';
import { liveOrderRows } from '../live-order-rows.ts';
import { requireUser } from '../require-user.ts';
import { toStaffUserRow } from '../staff-user.mapper.ts';
import { cents } from '../staff-values.ts';

/** One user with their inviter, sessions, live orders and account figures. */
export async function getUserDetail(
  deps: Pick<BackofficeDeps, 'db' | 'engine' | 'market' | 'settings'>,
  input: Pick<StaffContext<typeof staffUserDetailCall>, 'params'>,
) {
  const { db, engine } = deps;
  const u = await requireUser(db, input.params.id);
  const inviter = u.inviterId ? await findUser(db, u.inviterId) : null;
  const brief = (x: UserRow) => ({ id: x.id, uid: x.uid, email: x.email, mobile: x.mobile });
  // The money figures from the engine's book, as the account figures below are: the stored row
  // can be a journal commit behind it.
  const book = await engine.figures(u.id);
  const realName = await latestSubmission(db, u.id);
  return {
    user: {
      ...toStaffUserRow(u),
      balance: cents(book.balance.toFixed()),
      lockBalance: cents(book.lock.toFixed()),
      margin: book.margin.toFixed(6),
    },
    inviter: inviter ? brief(inviter) : null,
    sessions: (await sessionsOf(db, u.id)).map((s) => ({
      id: s.id,
      createdAt: s.createdAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      revokedAt: iso(s.revokedAt),
      ip: s.ip,
      userAgent: s.userAgent,
    })),
    live: await engine.settled().then(() => liveOrderRows(deps, engine.allLive({ userId: u.id }))),
    account: await accountSummaryOf(engine, deps.settings, u.id).then(({ rawFloating: _, ...s }) => s),
    realName: {
      status: realName?.status ?? REAL_NAME_STATUS.NOT_SUBMITTED,
      submissionId: realName?.id ?? null,
    },
  };
}
