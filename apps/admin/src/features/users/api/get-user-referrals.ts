import { type StaffCallData, staffUserReferralsCall } from '@meridian/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callStaff } from '../../../lib/staff-client';
import { userKeys } from './keys';

/** GET /users/:id/referrals: the inviters above, the down-line by level, direct invitees (paged). */
export type UserReferrals = StaffCallData<typeof staffUserReferralsCall>;
export type Invitee = UserReferrals['invitees']['rows'][number];

export function useUserReferrals(id: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: userKeys.referrals(id, page, pageSize),
    queryFn: ({ signal }) =>
      callStaff(staffUserReferralsCall, { params: { id }, query: { page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}
