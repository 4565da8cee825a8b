import { type StaffCallBody, staffUpdateCategoryCall } from '@meridian/contracts';
import { sendStaff } from '../../../lib/staff-client';

/** POST /categories/:id: order or enabled. */
export const updateCategory = (id: number, body: StaffCallBody<typeof staffUpdateCategoryCall>) =>
  sendStaff(staffUpdateCategoryCall, { params: { id }, body });
