import { useQuery } from '@tanstack/react-query';
import { calls } from '../../../lib/calls';
import { currentLanguage } from '../../../lib/i18n';
import { call } from '../../../lib/request';

/**
 * The instruments and categories the trade screen reads. Same resources and cache keys as the quotes
 * list (`['market','trade-list','']`, `['market','categories',lang]`), so the screens share one
 * cache and the root layout's refresh on entering /trade (spec §2) reaches this list too.
 */
export const instrumentKeys = {
  list: ['market', 'trade-list', ''] as const,
  categories: (lang: string) => ['market', 'categories', lang] as const,
};

export function useInstruments() {
  return useQuery({ queryKey: instrumentKeys.list, queryFn: () => call(calls.tradeList, {}) });
}

export function useInstrumentCategories() {
  const lang = currentLanguage();
  return useQuery({
    queryKey: instrumentKeys.categories(lang),
    queryFn: () => call(calls.categories),
    staleTime: 10 * 60_000,
  });
}
