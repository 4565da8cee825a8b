import { staffTotpConfirmCall } from '@meridian/contracts';
import { sendStaff } from '../../../lib/staff-client';

/** POST /auth/totp/confirm: finishes enrolment with a code from the authenticator app. */
export const confirmTotp = (code: string) => sendStaff(staffTotpConfirmCall, { body: { code } });
