import { staffTotpStartCall } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { callStaff } from '../../../lib/staff-client';

/**
 * POST /auth/totp/start: a new secret and its otpauth:// URL. Held as a query (fetched once per
 * visit of the enrolment screen, never refetched on its own) so a re-render does not mint a new one.
 */
export const totpStartKeys = { all: ['auth', 'totp-start'] as const };

export function useTotpStart() {
  return useQuery({
    queryKey: totpStartKeys.all,
    queryFn: () => callStaff(staffTotpStartCall),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}
