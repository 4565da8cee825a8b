import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/request';
import { newsCalls } from './calls';
import { newsKeys } from './keys';

/**
 * GET /api/news/info: one article with its HTML content. The screen shows a refusal (an unknown
 * or unpublished article) in its own place, so the request layer does not toast it as well.
 */
export function useNewsDetail(id: number | null) {
  return useQuery({
    enabled: id !== null,
    queryKey: newsKeys.detail(id ?? 0),
    queryFn: ({ signal }) => call(newsCalls.info, { id: id ?? 0 }, { signal, showErrorMessage: false }),
  });
}
