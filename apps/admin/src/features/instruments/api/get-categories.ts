import { type StaffCallData, staffCategoriesCall } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { callStaff } from '../../../lib/staff-client';
import { instrumentKeys } from './keys';

/** GET /categories: every instrument category. */
export type Category = StaffCallData<typeof staffCategoriesCall>[number];

export function useCategories() {
  return useQuery({
    queryKey: instrumentKeys.categories,
    queryFn: ({ signal }) => callStaff(staffCategoriesCall, { signal }),
  });
}
