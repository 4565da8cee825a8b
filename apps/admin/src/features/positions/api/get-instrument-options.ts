import { staffInstrumentsCall } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { callStaff } from '../../../lib/staff-client';

/** The instrument filter's choices (GET /instruments), for roles allowed to list instruments. */
export function useInstrumentOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['positions', 'instrument-options'],
    queryFn: async ({ signal }) => {
      const rows = await callStaff(staffInstrumentsCall, { signal });
      return rows.map((i) => ({ value: i.id, label: `${i.code} (${i.showCode})` }));
    },
    enabled,
    staleTime: 10 * 60_000,
    refetchInterval: false,
    meta: { silent: true },
  });
}
