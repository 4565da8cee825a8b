import { REFERRAL_COUNT_CAP, REFERRAL_LEVELS, type staffUserReferralsCall } from '@meridian/contracts';
import type { StaffContext } from '../../staff/register-staff-call.ts';
import type { BackofficeDeps } from '../backoffice-deps.ts';
import { downlineLevels, uplineOf } from '../referrals.repository.ts';
import { requireUser } from '../require-user.ts';

/** Who invited the user, up the chain, and how many they brought in at each level below. */
export async function getUserReferrals(
  deps: Pick<BackofficeDeps, 'db'>,
  input: Pick<StaffContext<typeof staffUserReferralsCall>, 'params'>,
) {
  const { db } = deps;
  const { id } = input.params;
  await requireUser(db, id);
  const [up, down] = await Promise.all([
    uplineOf(db, id),
    downlineLevels(db, id, REFERRAL_LEVELS, REFERRAL_COUNT_CAP),
  ]);
  return { upline: up.upline, uplineTruncated: up.truncated, ...down };
}
