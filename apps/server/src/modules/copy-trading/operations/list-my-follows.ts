import type { Language } from '@meridian/i18n';
import { followViewOf } from '../copy-trading.mapper.ts';
import * as repo from '../copy-trading.repository.ts';
import type { CopyTradingDeps } from '../copy-trading-deps.ts';

/** The caller's follows: live ones first, then the 10 most recently stopped. */
export async function listMyFollows(deps: CopyTradingDeps, input: { userId: number; lang: Language }) {
  const rows = await repo.followsOfFollower(deps.db, input.userId);
  const out = [];
  for (const row of rows) out.push(await followViewOf(deps, row, input.lang));
  return out;
}
