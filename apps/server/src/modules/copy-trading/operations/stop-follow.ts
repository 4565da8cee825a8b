import { randomUUID } from 'node:crypto';
import type { Language } from '@meridian/i18n';
import { followViewOf } from '../copy-trading.mapper.ts';
import * as repo from '../copy-trading.repository.ts';
import type { CopyTradingDeps } from '../copy-trading-deps.ts';

/** Stops a follow: copies closed at the live price, the fee on a new high, the rest back. */
export async function stopFollowing(
  deps: CopyTradingDeps,
  input: { userId: number; lang: Language; id: number },
) {
  await deps.engine.stopFollow(input.id, input.userId, 'follower', randomUUID());
  return followViewOf(deps, (await repo.findFollow(deps.db, input.id))!, input.lang);
}
