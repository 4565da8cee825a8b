import { mustEnrolTotp } from '../register-staff-call.ts';
import type { StaffRow } from '../staff.repository.ts';
import { toStaffMember } from '../staff-member.mapper.ts';

/** The signed-in member of staff, and whether a second factor must be enrolled first. */
export const getSignedInStaff = (input: { staff: StaffRow }) => ({
  staff: toStaffMember(input.staff),
  mustEnrolTotp: mustEnrolTotp(input.staff),
});
