import { staffUserOrdersCall } from '@meridian/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callStaff } from '../../../lib/staff-client';
import { userKeys } from './keys';

/** GET /users/:id/orders: order history (closed and cancelled), newest first, paged. */
export function useUserOrders(id: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: userKeys.orders(id, page, pageSize),
    queryFn: ({ signal }) =>
      callStaff(staffUserOrdersCall, { params: { id }, query: { page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}
