import { AppError } from '../../../lib/app-error.ts';
import { followViewOf } from '../copy-trading.mapper.ts';
import * as repo from '../copy-trading.repository.ts';
import type { CopyTradingDeps } from '../copy-trading-deps.ts';

/** One follow for the back office: what its follower sees, slippage of each copy included. */
export async function getFollowForStaff(deps: CopyTradingDeps, input: { id: number }) {
  const row = await repo.findFollow(deps.db, input.id);
  if (!row) throw new AppError('STAFF_TARGET_NOT_FOUND');
  return followViewOf(deps, row, 'en');
}
