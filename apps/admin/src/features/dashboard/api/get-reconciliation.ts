import { staffReconciliationCall } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { callStaff } from '../../../lib/staff-client';

/** GET /reconciliation: the ledger reconciliation, run by the server when asked. */
export const reconciliationKeys = { all: ['reconciliation'] as const };

export function useReconciliation(enabled: boolean) {
  return useQuery({
    queryKey: reconciliationKeys.all,
    queryFn: ({ signal }) => callStaff(staffReconciliationCall, { signal }),
    enabled,
    // A full pass over the ledger: when the screen opens and when asked, not on a timer.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
