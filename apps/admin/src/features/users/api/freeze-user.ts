import { type StaffCallBody, staffFreezeCall } from '@meridian/contracts';
import { sendStaff } from '../../../lib/staff-client';

/** POST /users/:id/freeze: login and trading freeze flags with a reason (compliance). */
export const freezeUser = (id: number, body: StaffCallBody<typeof staffFreezeCall>) =>
  sendStaff(staffFreezeCall, { params: { id }, body });
