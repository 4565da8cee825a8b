import { ORDER_STATUS, type Order } from '@meridian/contracts';
import { money } from '@meridian/domain';
import type { Db } from '../../db/client.ts';
import { listUserOrders } from '../../engine/order.repository.ts';
import type { SubmitRequest, TradingEngine } from '../../engine/trading-engine.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MarketRuntime } from '../../market/market-runtime.ts';
import { findUserById } from '../account/user.repository.ts';
import type { LiveSettings } from '../settings/live-settings.ts';
import { accountSummaryOf } from './account-summary.ts';
import { toOrderDto } from './order.mapper.ts';

const PAGE_SIZE = 20;

export interface TradingDeps {
  db: Db;
  engine: TradingEngine;
  market: MarketRuntime;
  settings: LiveSettings;
}

async function requireUser(db: Db, userId: number) {
  const u = await findUserById(db, userId);
  if (!u) throw new AppError('AUTH_SESSION_INVALID');
  return u;
}

export function createTradingService(deps: TradingDeps) {
  const { db, engine, market, settings } = deps;

  const dto = (row: Parameters<typeof toOrderDto>[0]): Order => {
    const live = engine.liveOrder(row.id);
    return toOrderDto(
      row,
      market.instrumentById(row.instrumentId),
      live
        ? {
            updatePrice: engine.currentPrice(live),
            floatingProfit: engine.floatingProfit(live)?.toFixed() ?? null,
          }
        : undefined,
    );
  };

  /** The account card figures (DESIGN §3), exact, from the engine's book and the live marks. */
  const summary = (userId: number) => accountSummaryOf(engine, settings, userId);

  return {
    summary,

    async submit(userId: number, req: SubmitRequest) {
      const row = await engine.submit(userId, req);
      return dto(row);
    },

    async myDeal(
      userId: number,
      status: typeof ORDER_STATUS.PENDING | typeof ORDER_STATUS.HOLDING | typeof ORDER_STATUS.CLOSED,
      page: number,
      afterId?: number,
    ) {
      // The closed list holds cancelled orders too.
      const statuses =
        status === ORDER_STATUS.CLOSED ? [ORDER_STATUS.CLOSED, ORDER_STATUS.CANCELLED] : [status];
      // The lists agree with the engine's memory (the live prices, the summary) at this moment.
      await engine.committedSoFar();
      const { rows, total } = await listUserOrders(db, userId, statuses, page, PAGE_SIZE, afterId);
      const s = await summary(userId);
      return {
        data: rows.map(dto),
        total,
        all_fact_profits: s.ProfitsTotal,
        balance: s.balance,
      };
    },

    close: async (userId: number, id: number) => dto(await engine.close(userId, id)),
    cancel: async (userId: number, id: number) => dto(await engine.cancel(userId, id)),
    setStops: async (userId: number, id: number, tp: string, sl: string) =>
      dto(await engine.setStops(userId, id, sl, tp)),

    /** Demo reset (DESIGN §6): close everything, then one ledger entry restores the starting balance. */
    async resetDemo(userId: number) {
      const u = await requireUser(db, userId);
      if (!u.isDemo) throw new AppError('ORDER_DEMO_ONLY');
      await engine.resetDemo(userId, money(settings.get('demo_start_balance')));
      return null;
    },
  };
}

export type TradingService = ReturnType<typeof createTradingService>;
