import { type StaffCallBody, staffCreditScoreCall } from '@meridian/contracts';
import { sendStaff } from '../../../lib/staff-client';

/** POST /users/:id/credit-score: score 0–100 with a reason (compliance). */
export const setCreditScore = (id: number, body: StaffCallBody<typeof staffCreditScoreCall>) =>
  sendStaff(staffCreditScoreCall, { params: { id }, body });
