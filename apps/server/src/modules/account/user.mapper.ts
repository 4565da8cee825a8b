import type { User } from '@meridian/contracts';
import { money, toBalanceCents } from '@meridian/domain';
import type { UserRow } from './user.repository.ts';

/** Database row → spec §3 User. Money leaves as 2-decimal strings. */
export function toUserDto(u: UserRow): User {
  return {
    id: u.id,
    uid: u.uid,
    email: u.email ?? '',
    mobile: u.mobile ?? '',
    area_code: u.areaCode ?? '',
    balance: toBalanceCents(money(u.balance)),
    lock_balance: toBalanceCents(money(u.lockBalance)),
    credit_score: u.creditScore,
    is_demo: u.isDemo ? 1 : 0,
    invite_code: u.inviteCode,
    created_at: u.createdAt.toISOString(),
  };
}

/** The account staff recognise a user by: the e-mail, or area code and mobile. */
export const accountOf = (u: { email: string | null; areaCode: string | null; mobile: string | null }) =>
  u.email ?? (u.mobile ? `${u.areaCode ?? ''} ${u.mobile}`.trim() : '');
