import { type StaffCallData, type StaffMember, staffMeCall } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { getToken } from './session';
import { callStaff } from './staff-client';

/**
 * GET /auth/me: the signed-in staff member, shared by every feature (menu, actions by role). The
 * login answer seeds the same cache entry.
 */
export type Me = StaffCallData<typeof staffMeCall>;
export const meKeys = { all: ['auth', 'me'] as const };

export function useMe() {
  return useQuery({
    queryKey: meKeys.all,
    queryFn: ({ signal }) => callStaff(staffMeCall, { signal }),
    enabled: getToken() !== null,
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
}

/** The signed-in member, inside the screens guarded by RequireSession (the data is there). */
export function useSignedInStaff(): StaffMember {
  const { data } = useMe();
  if (!data) throw new Error('useSignedInStaff outside RequireSession');
  return data.staff;
}
