import { useQuery } from '@tanstack/react-query';
import { calls } from './calls';
import { call } from './request';

/**
 * GET /api/basicSet/getBasicInfo: service link and its type, registration verification type,
 * fee type, site title and platform e-mail. Shared by the auth and user features.
 */
export const basicInfoKeys = { all: ['settings', 'basic-info'] as const };

export function useBasicInfo() {
  return useQuery({
    queryKey: basicInfoKeys.all,
    queryFn: () => call(calls.basicInfo, undefined, { showErrorMessage: false }),
    staleTime: 10 * 60_000,
  });
}
