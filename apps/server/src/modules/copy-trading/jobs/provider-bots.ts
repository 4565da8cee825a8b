import { ORDER_STATUS } from '@meridian/contracts';
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { users } from '../../../db/schema.ts';
import type { TradingEngine } from '../../../engine/trading-engine.ts';
import type { InstrumentRecord } from '../../../market/market-runtime.ts';
import type { Quote } from '../../../market/types.ts';
import { type ProviderStyle, SEEDED_PROVIDERS } from '../provider-seed.ts';

/**
 * How each seeded provider trades (issue 30: distinct styles, real trades through the engine like
 * any trader's orders, so their ranking figures and their followers' copies are real). Crypto is in
 * every list so they trade at weekends too.
 */
interface Style {
  codes: readonly string[];
  lots: string;
  leverage: number;
  /** How long a position is held, and the wait between new ones, in ms: [min, max]. */
  holdMs: readonly [number, number];
  everyMs: readonly [number, number];
  /** Stop loss and take profit as fractions of the price. */
  stopLoss: number;
  takeProfit: number;
  maxOpen: number;
}

const MINUTE = 60_000;
export const BOT_STYLES: Record<ProviderStyle, Style> = {
  scalper: {
    codes: ['BTCUSD', 'ETHUSD', 'EURUSD', 'USDJPY'],
    lots: '0.5',
    leverage: 20,
    holdMs: [1 * MINUTE, 4 * MINUTE],
    everyMs: [30_000, 90_000],
    stopLoss: 0.003,
    takeProfit: 0.004,
    maxOpen: 2,
  },
  swing: {
    codes: ['XAUUSD', 'BTCUSD', 'GBPUSD'],
    lots: '0.5',
    leverage: 10,
    holdMs: [20 * MINUTE, 90 * MINUTE],
    everyMs: [5 * MINUTE, 20 * MINUTE],
    stopLoss: 0.015,
    takeProfit: 0.03,
    maxOpen: 1,
  },
  conservative: {
    codes: ['EURUSD', 'ETHUSD', 'AUDUSD'],
    lots: '0.2',
    leverage: 10,
    holdMs: [10 * MINUTE, 40 * MINUTE],
    everyMs: [3 * MINUTE, 10 * MINUTE],
    stopLoss: 0.005,
    takeProfit: 0.01,
    maxOpen: 1,
  },
};

export interface BotMarket {
  instruments(): readonly InstrumentRecord[];
  status(id: number): number;
  latest(id: number): Quote | undefined;
}

const between = ([min, max]: readonly [number, number]) => min + Math.random() * (max - min);

/** The leverage option closest to the style's, not above it (the instrument's smallest otherwise). */
const leverageFor = (i: InstrumentRecord, wanted: number) =>
  [...i.leverageOptions].sort((a, b) => b - a).find((l) => l <= wanted) ?? Math.min(...i.leverageOptions);

/**
 * Runs the seeded providers (only with the simulated market): every few seconds each one closes
 * what it has held long enough and, when due, opens a position on an open market with a stop loss
 * and a take profit. A refusal (a market that just closed, margin) is logged and tried again later.
 */
export async function startProviderBots(deps: {
  db: Db;
  engine: TradingEngine;
  market: BotMarket;
  now: () => number;
  log: FastifyBaseLogger;
}): Promise<() => void> {
  const rows = await deps.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        SEEDED_PROVIDERS.map((p) => p.email),
      ),
    );
  const bots = rows.map((r) => ({
    userId: r.id,
    style: BOT_STYLES[SEEDED_PROVIDERS.find((p) => p.email === r.email)!.style],
    nextOpenMs: deps.now() + between([5_000, 30_000]),
    holdUntil: new Map<number, number>(),
  }));
  if (bots.length === 0) return () => {};
  let busy = false;
  const step = async () => {
    if (busy || deps.engine.isRecovering) return;
    busy = true;
    try {
      for (const bot of bots) await act(bot);
    } finally {
      busy = false;
    }
  };
  const act = async (bot: (typeof bots)[number]) => {
    const now = deps.now();
    const open = deps.engine.liveOrdersOf(bot.userId).filter((o) => o.status === ORDER_STATUS.HOLDING);
    for (const o of open) {
      const until = bot.holdUntil.get(o.id) ?? now + between(bot.style.holdMs);
      bot.holdUntil.set(o.id, until);
      if (now < until || deps.market.status(o.instrumentId) !== 1) continue;
      await deps.engine
        .close(bot.userId, o.id)
        .catch((err) => deps.log.debug({ err }, 'provider bot close refused'));
    }
    for (const id of bot.holdUntil.keys()) if (!open.some((o) => o.id === id)) bot.holdUntil.delete(id);
    if (now < bot.nextOpenMs || open.length >= bot.style.maxOpen) return;
    bot.nextOpenMs = now + between(bot.style.everyMs);
    const candidates = deps.market
      .instruments()
      .filter(
        (i) => bot.style.codes.includes(i.code) && deps.market.status(i.id) === 1 && deps.market.latest(i.id),
      );
    const instrument = candidates[Math.floor(Math.random() * candidates.length)];
    if (!instrument) return;
    const q = deps.market.latest(instrument.id)!;
    const side = Math.random() < 0.5 ? 'buy' : 'sell';
    const price = side === 'buy' ? q.ask : q.bid;
    const dir = side === 'buy' ? 1 : -1;
    // A level typed like a trader would: the price rounded to the instrument's precision.
    const level = (f: number) => (price * (1 + f)).toFixed(instrument.pricePrecision);
    await deps.engine
      .submit(bot.userId, {
        side,
        kind: 'market',
        instrumentId: instrument.id,
        quantity: bot.style.lots,
        leverage: leverageFor(instrument, bot.style.leverage),
        targetPrice: '',
        stopLoss: level(-dir * bot.style.stopLoss),
        takeProfit: level(dir * bot.style.takeProfit),
      })
      .catch((err) => deps.log.debug({ err, code: instrument.code }, 'provider bot order refused'));
  };
  const timer = setInterval(() => void step(), 5_000);
  timer.unref();
  return () => clearInterval(timer);
}
