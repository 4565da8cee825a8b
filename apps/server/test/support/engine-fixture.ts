import { LEDGER_TYPE } from '@meridian/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { instruments, users } from '../../src/db/schema.ts';
import type { EngineDeps, EngineMarket, SubmitRequest } from '../../src/engine/trading-engine.ts';
import { toRecord } from '../../src/market/live-market.ts';
import type { InstrumentRecord } from '../../src/market/market-runtime.ts';
import type { Quote } from '../../src/market/types.ts';
import { moveMoney } from '../../src/modules/ledger/move-money.ts';

/** What the engine tests share: a BTCUSD market of one quote, fixed settings, silent events. */

export async function loadBtc(db: Db): Promise<InstrumentRecord> {
  return toRecord((await db.select().from(instruments).where(eq(instruments.code, 'BTCUSD')))[0]!);
}

/** A feed quote of `instrument` at bid / ask (mid between them). */
export const quoteAt = (
  instrument: { id: number; code: string },
  bid: number,
  ask: number,
  timeMs: number,
  seq: number,
): Quote => ({
  instrumentId: instrument.id,
  code: instrument.code,
  bid,
  ask,
  mid: (bid + ask) / 2,
  timeMs,
  seq,
});

/** A BTCUSD quote at 100 000 / 100 030. */
export const btcQuote = (instrumentId: number, timeMs: number, seq = 1): Quote => ({
  instrumentId,
  code: 'BTCUSD',
  bid: 100000,
  ask: 100030,
  mid: 100015,
  timeMs,
  seq,
});

/** A market of one open instrument; both read when asked, so a test may replace them. */
export const oneInstrumentMarket = (
  instrument: () => InstrumentRecord,
  quote: () => Quote,
): EngineMarket => ({
  instrumentById: (id) => (id === instrument().id ? instrument() : undefined),
  instruments: () => [instrument()],
  latest: (id) => (id === instrument().id ? quote() : undefined),
  status: () => 1,
  maxQuoteAgeMs: () => 60_000,
});

/** Fee type 2, stop-out at 50 %, margin call at 100 %; events and log go nowhere. */
export const quietEngineDeps = {
  settings: { feeType: () => 2, stopOutLevel: () => '50', marginCallLevel: () => '100' },
  events: { ordersEnded: () => {}, accountTouched: () => {} },
  log: { error: () => {}, info: () => {}, warn: () => {}, fatal: () => {} } as never,
} satisfies Pick<EngineDeps, 'settings' | 'events' | 'log'>;

/** A demo user with `amount` USD (100 000 unless said) credited through the ledger. */
export async function fundedUser(db: Db, tag: string, amount = '100000'): Promise<number> {
  const stamp = `${tag}${Date.now() % 1e6}${Math.floor(Math.random() * 1e4)}`;
  const [u] = await db
    .insert(users)
    .values({ uid: stamp, inviteCode: `I${stamp}`, isDemo: true })
    .returning();
  await moveMoney(db, { userId: u!.id, type: LEDGER_TYPE.DEMO_OPENING_CREDIT, balanceDelta: amount });
  return u!.id;
}

/** A market buy of 0.1 lot at 1:10. */
export const marketBuy = (instrumentId: number): SubmitRequest => ({
  side: 'buy',
  kind: 'market',
  instrumentId,
  quantity: '0.1',
  leverage: 10,
  targetPrice: '0',
  stopLoss: '0',
  takeProfit: '0',
});
