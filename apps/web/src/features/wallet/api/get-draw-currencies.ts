import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/request';
import { walletCalls } from './calls';
import { type MethodType, walletKeys } from './keys';

/** GET /api/account/draw_symbol_list (type): withdrawal currencies, 1 coin, 2 bank. */
export function useDrawCurrencies(type: MethodType) {
  return useQuery({
    queryKey: walletKeys.drawCurrencies(type),
    queryFn: () => call(walletCalls.drawSymbolList, { type }),
  });
}
