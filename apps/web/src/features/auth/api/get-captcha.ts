import { useQuery } from '@tanstack/react-query';
import { calls } from '../../../lib/calls';
import { call } from '../../../lib/request';

/** GET /api/common/captcha → {id, b64s}: a one-use picture code (registration, verify_reg_type 2). */
export const captchaKeys = { all: ['auth', 'captcha'] as const };

export function useCaptcha(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: captchaKeys.all,
    queryFn: () => call(calls.captcha),
    staleTime: Number.POSITIVE_INFINITY, // refreshed on tap and after each use, never behind the user's back
    gcTime: 0,
  });
}
