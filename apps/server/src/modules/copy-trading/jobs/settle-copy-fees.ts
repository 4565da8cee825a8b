import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { TradingEngine } from '../../../engine/trading-engine.ts';
import { followsChargedFor } from '../copy-trading.repository.ts';

const HOUR_MS = 3_600_000;

/** The month before the one `nowMs` falls in (UTC), as 'YYYY-MM': the period a fee is settled for. */
export function previousMonth(nowMs: number): string {
  const d = new Date(nowMs);
  const y = d.getUTCMonth() === 0 ? d.getUTCFullYear() - 1 : d.getUTCFullYear();
  const m = d.getUTCMonth() === 0 ? 12 : d.getUTCMonth();
  return `${y}-${String(m).padStart(2, '0')}`;
}

/**
 * Providers' performance fees (DESIGN §9), settled monthly: at start and every hour, the month
 * that ended is settled for every follow not charged for it yet (its ledger keys say which), so a
 * server that was down on the 1st settles when it comes back, and none is charged twice.
 */
export async function startCopyFeeSettlement(deps: {
  db: Db;
  engine: TradingEngine;
  now: () => number;
  log: FastifyBaseLogger;
}): Promise<() => void> {
  const run = async () => {
    const period = previousMonth(deps.now());
    try {
      const charged = await followsChargedFor(deps.db, period);
      const fees = await deps.engine.settleCopyFees(period, charged);
      if (fees > 0) deps.log.info({ period, feesMicros: fees }, 'copy trading: performance fees settled');
    } catch (err) {
      deps.log.error(
        { err, period },
        'copy trading: settling performance fees failed (retried within the hour)',
      );
    }
  };
  await run();
  const timer = setInterval(() => void run(), HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
