import { type StaffRow, updateStaff } from '../staff.repository.ts';
import type { StaffDeps } from '../staff-deps.ts';
import { newTotpSecret, totpUri } from '../totp.ts';
import { totpContext } from '../totp-context.ts';

/** A new TOTP seed, kept sealed as pending until a code from it confirms the enrolment. */
export async function startTotpEnrolment(
  deps: Pick<StaffDeps, 'db' | 'secrets'>,
  input: { staff: StaffRow },
) {
  const { staff } = input;
  const secret = newTotpSecret();
  await updateStaff(deps.db, staff.id, {
    totpPendingSecret: deps.secrets.seal(secret, totpContext(staff.id)),
  });
  return { secret, otpauthUrl: totpUri(secret, staff.email, 'Meridian back office') };
}
