import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/request';
import { walletCalls } from './calls';
import { type MethodType, walletKeys } from './keys';

/**
 * GET /api/wallet/get_draw_method (draw_type, draw_id): the user's bound methods of a type, all of
 * them or those of one currency. `enabled` false while the currency is not known yet.
 */
export function useDrawMethods(type: MethodType, currencyId?: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: walletKeys.drawMethodsOf(type, currencyId),
    queryFn: () =>
      call(
        walletCalls.getDrawMethod,
        currencyId === undefined ? { draw_type: type } : { draw_type: type, draw_id: currencyId },
      ),
    staleTime: 0,
  });
}
