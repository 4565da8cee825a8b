import type { CategoryKey } from './types.ts';

/**
 * Instrument categories seeded at first start. Names are not stored: the client shows the i18n key
 * `category.<key>` in the user's language. `sort` orders the tabs of the quote board.
 */
export interface CategorySeed {
  key: CategoryKey;
  sort: number;
}

export const CATEGORY_SEEDS: readonly CategorySeed[] = [
  { key: 'forex', sort: 10 },
  { key: 'metals', sort: 20 },
  { key: 'energy', sort: 30 },
  { key: 'indices', sort: 40 },
  { key: 'crypto', sort: 50 },
  { key: 'stocks', sort: 60 },
];
