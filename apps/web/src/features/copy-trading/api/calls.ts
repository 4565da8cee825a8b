import type {
  CallContract,
  followDetailCall,
  followFundsCall,
  followListCall,
  followMineCall,
  followStartCall,
  followStopCall,
  followUpdateCall,
  providerApplyCall,
  providerCenterCall,
} from '@meridian/contracts';
import type { CallRef } from '../../../lib/calls';

const ref = <C extends CallContract>(method: C['method'], path: string): CallRef<C> => ({ method, path });

/**
 * Method and path of the copy-trading calls, typed by their contracts
 * (packages/contracts/src/calls/follow.ts); the zod schemas stay out of the bundle.
 * `test/copy-trading.test.tsx` proves each equals its contract.
 */
export const copyCalls = {
  list: ref<typeof followListCall>('GET', '/api/follow/list'),
  detail: ref<typeof followDetailCall>('GET', '/api/follow/detail'),
  provider: ref<typeof providerCenterCall>('GET', '/api/follow/provider'),
  apply: ref<typeof providerApplyCall>('POST', '/api/follow/apply'),
  start: ref<typeof followStartCall>('POST', '/api/follow/start'),
  mine: ref<typeof followMineCall>('GET', '/api/follow/mine'),
  update: ref<typeof followUpdateCall>('POST', '/api/follow/update'),
  funds: ref<typeof followFundsCall>('POST', '/api/follow/funds'),
  stop: ref<typeof followStopCall>('POST', '/api/follow/stop'),
} as const;

/** The socket push of one copy allocation's figures (contracts: `copyTradePush`). */
export const TOPIC_COPY_TRADE = 'COPY_TRADE';

/** The ranking's sorts, in the selector's order (contracts: `RANK_SORTS`). */
export const RANK_SORTS = ['three_week_rate', 'total_rate', 'followers', 'win_rate'] as const;
export type RankSort = (typeof RANK_SORTS)[number];

export const rankSortOf = (text: string | null): RankSort =>
  RANK_SORTS.find((s) => s === text) ?? 'three_week_rate';
