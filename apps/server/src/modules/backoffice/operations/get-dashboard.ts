import { reviewQueueCounts } from '../../wallet/wallet.repository.ts';
import { userCounts } from '../backoffice.repository.ts';
import type { BackofficeDeps } from '../backoffice-deps.ts';

/** Today's and all real sign-ups, the live book's counts, the review queues and the house's exposure. */
export async function getDashboard(deps: Pick<BackofficeDeps, 'db' | 'now' | 'engine'>) {
  const { db, engine } = deps;
  const now = new Date(deps.now());
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const counts = await userCounts(db, dayStart);
  await engine.settled(); // a rebuild in progress would show an empty book
  const live = engine.liveCounts();
  return {
    usersToday: counts.today,
    usersTotal: counts.total,
    openPositions: live.open,
    pendingOrders: live.pending,
    queues: await reviewQueueCounts(db),
    exposure: engine.exposure(),
  };
}
