import { staffInstrumentsCall } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { callStaff } from '../../../lib/staff-client';
import { instrumentKeys } from './keys';

/** GET /instruments: every instrument, enabled or not (a few dozen: no paging on the server). */
export function useInstruments() {
  return useQuery({
    queryKey: instrumentKeys.list,
    queryFn: ({ signal }) => callStaff(staffInstrumentsCall, { signal }),
  });
}
