import { type StaffCallData, staffUserDetailCall } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { callStaff } from '../../../lib/staff-client';
import { userKeys } from './keys';

/** GET /users/:id: figures, flags, inviter, sessions, open positions and pending orders. */
export type UserDetail = StaffCallData<typeof staffUserDetailCall>;

export function useUserDetail(id: number) {
  return useQuery({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => callStaff(staffUserDetailCall, { params: { id }, signal }),
    // The live list shows floating profit: keep it fresh while the page is open.
    refetchInterval: 5_000,
  });
}
