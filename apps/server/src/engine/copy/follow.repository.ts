import { FOLLOW_STATUS, PROVIDER_STATUS } from '@meridian/contracts';
import { ne, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { follows, signalProviders } from '../../db/schema.ts';
import type { FollowRow } from './live-follow.ts';

/** Follows still live (active or paused): the engine mirrors for them from start-up. */
export function loadLiveFollows(db: DbOrTx): Promise<FollowRow[]> {
  return db.select().from(follows).where(ne(follows.status, FOLLOW_STATUS.STOPPED));
}

/** Providers whose new positions are not copied (staff suspended or removed them). */
export async function loadClosedProviders(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ userId: signalProviders.userId })
    .from(signalProviders)
    .where(notInArray(signalProviders.status, [PROVIDER_STATUS.APPROVED, PROVIDER_STATUS.APPLIED]));
  return rows.map((r) => r.userId);
}
