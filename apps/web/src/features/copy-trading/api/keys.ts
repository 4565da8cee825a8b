import type { RankSort } from './calls';

/**
 * Query keys of the copy-trading screens, all under `['copy']` so that a follow started, funded or
 * stopped refreshes every one of them with one invalidation. The language is not part of them: a
 * language change invalidates every query (app/bootstrap.tsx), and refusal reasons come back in it.
 */
export const copyKeys = {
  all: ['copy'] as const,
  rankings: ['copy', 'ranking'] as const,
  ranking: (sort: RankSort) => ['copy', 'ranking', sort] as const,
  detail: (id: number) => ['copy', 'detail', id] as const,
  mine: ['copy', 'mine'] as const,
  provider: ['copy', 'provider'] as const,
};

/**
 * The wallet's balance and the user's info, as the wallet and personal centre key them (one cache
 * entry shared by every screen): money moved into or out of a follow changes both.
 */
export const balanceKey = ['wallet', 'balance'] as const;
export const walletKey = ['wallet'] as const;
export const userInfoKey = ['user', 'info'] as const;
