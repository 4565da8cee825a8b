import { type StaffCallData, type StaffCallQuery, staffAuditCall } from '@meridian/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callStaff } from '../../../lib/staff-client';

/** GET /audit: the audit log by staff member, action, target and time, paged. */
export type AuditQuery = StaffCallQuery<typeof staffAuditCall>;
export type AuditRow = StaffCallData<typeof staffAuditCall>['rows'][number];

export function useAudit(query: AuditQuery) {
  return useQuery({
    queryKey: ['audit', query],
    queryFn: ({ signal }) => callStaff(staffAuditCall, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
