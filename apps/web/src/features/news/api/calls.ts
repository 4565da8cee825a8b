import type { CallContract, newsInfoCall, newsListCall } from '@meridian/contracts';
import type { CallRef } from '../../../lib/calls';

const ref = <C extends CallContract>(method: C['method'], path: string): CallRef<C> => ({ method, path });

/**
 * Method and path of the news calls, typed by their contracts (packages/contracts/src/calls/news.ts);
 * the zod schemas stay out of the bundle. `test/news-screens.test.tsx` proves each equals its contract.
 */
export const newsCalls = {
  list: ref<typeof newsListCall>('GET', '/api/news/list'),
  info: ref<typeof newsInfoCall>('GET', '/api/news/info'),
} as const;

/** The one news category of the spec (§7: category_id 1). */
export const NEWS_CATEGORY_ID = 1;
