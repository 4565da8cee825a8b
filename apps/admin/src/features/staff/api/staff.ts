import { type StaffCallBody, staffCreateCall, staffListCall, staffUpdateCall } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { callStaff, sendStaff } from '../../../lib/staff-client';

/** GET /staff, POST /staff and POST /staff/:id (owner). */
export const staffKeys = { all: ['staff'] as const };

export function useStaffList() {
  return useQuery({
    queryKey: staffKeys.all,
    queryFn: ({ signal }) => callStaff(staffListCall, { signal }),
  });
}

export type NewStaff = StaffCallBody<typeof staffCreateCall>;
export const createStaff = (body: NewStaff) => sendStaff(staffCreateCall, { body });

export type StaffChange = StaffCallBody<typeof staffUpdateCall>;
export const updateStaff = (id: number, body: StaffChange) =>
  sendStaff(staffUpdateCall, { params: { id }, body });
