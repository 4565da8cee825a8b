import { FOLLOW_PAGE_SIZE, type RankItem, type RankSort } from '@meridian/contracts';
import { money } from '@meridian/domain';
import { rankItemOf } from '../copy-trading.mapper.ts';
import * as repo from '../copy-trading.repository.ts';
import type { CopyTradingDeps } from '../copy-trading-deps.ts';
import { providerFigures } from '../provider-figures.ts';

const byRate = (k: 'three_week_rate' | 'total_rate' | 'three_week_win') => (a: RankItem, b: RankItem) =>
  money(b[k]).comparedTo(money(a[k]));

const SORTS: Record<RankSort, (a: RankItem, b: RankItem) => number> = {
  three_week_rate: byRate('three_week_rate'),
  total_rate: byRate('total_rate'),
  win_rate: byRate('three_week_win'),
  followers: (a, b) => b.followers - a.followers,
};

/** The ranking (spec §3 ranking item): approved providers, their figures from their real trades. */
export async function listRanking(deps: CopyTradingDeps, input: { page: number; sort: RankSort }) {
  const providers = await repo.approvedProviders(deps.db);
  const counts = await repo.followerCounts(deps.db);
  const items: RankItem[] = [];
  for (const p of providers)
    items.push(rankItemOf(deps, p, await providerFigures(deps, p.userId), counts.get(p.userId) ?? 0));
  // Ties: the longer record first, then the older provider (a stable order page after page).
  items.sort((a, b) => SORTS[input.sort](a, b) || b.total_trade_num - a.total_trade_num || a.id - b.id);
  const from = (input.page - 1) * FOLLOW_PAGE_SIZE;
  return { data: items.slice(from, from + FOLLOW_PAGE_SIZE), total: items.length };
}
