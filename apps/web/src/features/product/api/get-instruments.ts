import { useQuery } from '@tanstack/react-query';
import { calls } from '../../../lib/calls';
import { call } from '../../../lib/request';

/**
 * The instruments the search runs over: the quotes list's own resource and cache key
 * (`['market','trade-list','']`), so a search opened from the quotes screen filters what is already
 * loaded instead of asking again.
 */
export const instrumentListKey = ['market', 'trade-list', ''] as const;

export function useInstrumentList() {
  return useQuery({ queryKey: instrumentListKey, queryFn: () => call(calls.tradeList, {}) });
}
