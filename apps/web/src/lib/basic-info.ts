import { useQuery } from '@tanstack/react-query';
import { calls } from '../../../lib/calls';
import { call } from '../../../lib/request';

/** GET /api/basicSet/getBasicInfo: service link and its type, among the base settings. */
export const basicInfoKeys = { all: ['settings', 'basic-info'] as const };

export function useBasicInfo() {
  return useQuery({
    queryKey: basicInfoKeys.all,
    queryFn: () => call(calls.basicInfo, undefined, { showErrorMessage: false }),
    staleTime: 10 * 60_000,
  });
}
