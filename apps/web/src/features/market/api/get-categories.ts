import { useQuery } from '@tanstack/react-query';
import { calls } from '../../../lib/calls';
import { currentLanguage } from '../../../lib/i18n';
import { call } from '../../../lib/request';

/** GET /v1/api/forex/getCategories: names come translated into the request language. */
export const categoryKeys = {
  all: ['market', 'categories'] as const,
  lang: (lang: string) => ['market', 'categories', lang] as const,
};

export function useCategories() {
  const lang = currentLanguage();
  return useQuery({
    queryKey: categoryKeys.lang(lang),
    queryFn: () => call(calls.categories),
    staleTime: 10 * 60_000,
  });
}
