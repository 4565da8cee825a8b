import { useQuery } from '@tanstack/react-query';
import { calls } from '../../../lib/calls';
import { call } from '../../../lib/request';

/** GET /api/default/area_list: calling codes for mobile accounts (excluded countries never listed). */
export const areaListKeys = { all: ['settings', 'area-list'] as const };

export function useAreaList(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: areaListKeys.all,
    queryFn: () => call(calls.areaList),
    staleTime: 60 * 60_000,
  });
}
