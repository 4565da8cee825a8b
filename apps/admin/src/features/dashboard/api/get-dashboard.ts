import { staffDashboardCall } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { dashboardKeys } from '../../../lib/dashboard-keys';
import { callStaff } from '../../../lib/staff-client';

/** GET /dashboard: counts, review queues and the broker's exposure per instrument. */
export function useDashboard() {
  return useQuery({
    queryKey: dashboardKeys.all,
    queryFn: ({ signal }) => callStaff(staffDashboardCall, { signal }),
    refetchInterval: 15_000,
  });
}
