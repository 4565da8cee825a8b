import { type StaffCallData, staffUserLedgerCall } from '@meridian/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callStaff } from '../../../lib/staff-client';
import { userKeys } from './keys';

/** GET /users/:id/ledger: ledger entries, newest first, paged. */
export type LedgerRow = StaffCallData<typeof staffUserLedgerCall>['rows'][number];

export function useUserLedger(id: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: userKeys.ledger(id, page, pageSize),
    queryFn: ({ signal }) =>
      callStaff(staffUserLedgerCall, { params: { id }, query: { page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}
