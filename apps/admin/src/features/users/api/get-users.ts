import { type StaffCallQuery, staffUsersCall } from '@meridian/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callStaff } from '../../../lib/staff-client';
import { userKeys } from './keys';

/** GET /users: search by uid, e-mail, phone or invite code; demo filter; paged. */
export type UsersQuery = StaffCallQuery<typeof staffUsersCall>;

export function useUsers(query: UsersQuery) {
  return useQuery({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => callStaff(staffUsersCall, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
