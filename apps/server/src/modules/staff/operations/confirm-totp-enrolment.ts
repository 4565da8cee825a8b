import type { staffTotpConfirmCall } from '@meridian/contracts';
import { AppError } from '../../../lib/app-error.ts';
import type { StaffContext } from '../register-staff-call.ts';
import { updateStaff } from '../staff.repository.ts';
import type { StaffDeps } from '../staff-deps.ts';
import { staffSnapshot, toStaffMember } from '../staff-member.mapper.ts';
import { acceptedTotpStep } from '../totp.ts';
import { totpContext } from '../totp-context.ts';

export async function confirmTotpEnrolment(
  deps: Pick<StaffDeps, 'db' | 'secrets'>,
  input: Pick<StaffContext<typeof staffTotpConfirmCall>, 'staff' | 'body' | 'audit'>,
) {
  const { staff, body, audit } = input;
  // Sealed under the same context as a confirmed seed: confirming moves the sealed value as it is.
  const pending = staff.totpPendingSecret;
  const step = pending
    ? acceptedTotpStep(deps.secrets.open(pending, totpContext(staff.id)), body.code)
    : null;
  if (!pending || step === null) throw new AppError('STAFF_TOTP_INVALID');
  const updated = (await updateStaff(deps.db, staff.id, {
    totpSecret: pending,
    totpPendingSecret: null,
    totpLastStep: step,
  }))!;
  audit({
    action: 'staff.totp_enrolled',
    targetType: 'staff',
    targetId: staff.id,
    before: staffSnapshot(staff),
    after: staffSnapshot(updated),
  });
  return { staff: toStaffMember(updated) };
}
