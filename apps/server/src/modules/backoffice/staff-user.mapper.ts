import type { StaffUserRow } from '@meridian/contracts';
import { money } from '@meridian/domain';
import type { UserRow } from './backoffice.repository.ts';
import { cents } from './staff-values.ts';

export const toStaffUserRow = (u: UserRow): StaffUserRow => ({
  id: u.id,
  uid: u.uid,
  email: u.email,
  mobile: u.mobile ? `${u.areaCode ?? ''} ${u.mobile}`.trim() : null,
  inviteCode: u.inviteCode,
  isDemo: u.isDemo,
  // Exact, at least in cents: staff see (and can adjust away) the micro-dollars fees leave.
  balance: cents(u.balance),
  lockBalance: cents(u.lockBalance),
  margin: money(u.margin).toFixed(6),
  creditScore: u.creditScore,
  loginFrozen: u.loginFrozen,
  tradingFrozen: u.tradingFrozen,
  frozenReason: u.frozenReason,
  createdAt: u.createdAt.toISOString(),
});
