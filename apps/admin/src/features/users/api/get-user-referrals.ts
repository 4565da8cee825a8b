import { type StaffCallData, staffUserInviteesCall, staffUserReferralsCall } from '@meridian/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callStaff } from '../../../lib/staff-client';
import { userKeys } from './keys';

/** GET /users/:id/referrals: the inviters above and the down-line counted by level (asked once). */
export type UserReferrals = StaffCallData<typeof staffUserReferralsCall>;
/** GET /users/:id/invitees: direct invitees, paged, each with how many they invited. */
export type Invitee = StaffCallData<typeof staffUserInviteesCall>['rows'][number];

export function useUserReferrals(id: number) {
  return useQuery({
    queryKey: userKeys.referrals(id),
    queryFn: ({ signal }) => callStaff(staffUserReferralsCall, { params: { id }, signal }),
  });
}

export function useUserInvitees(id: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: userKeys.invitees(id, page, pageSize),
    queryFn: ({ signal }) =>
      callStaff(staffUserInviteesCall, { params: { id }, query: { page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}
