import {
  type ClosedTrade,
  formatScaledNumber,
  LEDGER_TYPE,
  maxDrawdown,
  money,
  netProfitMicros,
  type PnlEvent,
  returnCurve,
  riskScore,
  timeWeightedReturn,
  winRate,
} from '@meridian/domain';
import { addMicros, micros } from '../../engine/account-book.ts';
import * as repo from './copy-trading.repository.ts';
import type { CopyTradingDeps } from './copy-trading-deps.ts';

// A provider's figures (DESIGN §9, spec §3 ranking item) from their own account's real results,
// as packages/domain/src/copy/performance.ts defines them. Computed on read, from the ledger
// entries since the last read (kept per provider) and the trades of the last three weeks: a trade
// that closed shows in the ranking within FIGURES_TTL_MS, with no nightly job.

const DAY_MS = 86_400_000;
export const THREE_WEEKS_MS = 21 * DAY_MS;
const CURVE_DAYS = 90;
/** How long computed figures are served before the next read recomputes them. */
const FIGURES_TTL_MS = 5_000;

/** Ledger types that are trading results; every other entry moves the base only (DESIGN §9). */
const RESULT_TYPES: ReadonlySet<number> = new Set([
  LEDGER_TYPE.POSITION_SETTLE,
  LEDGER_TYPE.TRADE_FEE,
  LEDGER_TYPE.ORDER_CANCEL_REFUND,
  LEDGER_TYPE.NEGATIVE_BALANCE_RESET,
  LEDGER_TYPE.FILL_MARGIN_ADJUSTMENT,
]);

export interface ProviderFigures {
  threeWeekRate: string;
  totalRate: string;
  threeWeekWin: string;
  threeWeekProfit: string;
  totalTrades: number;
  /** The leverage used most over three weeks (0 without trades). */
  multiple: number;
  /** Instrument id traded most over three weeks, null without trades. */
  topInstrumentId: number | null;
  instruments: Array<{ instrumentId: number; trades: number }>;
  maxDrawdown: string;
  riskScore: number;
  curve: Array<{ atMs: number; rate: string }>;
}

interface Replay {
  lastId: number;
  cashMicros: number;
  events: PnlEvent[];
}

interface Cache {
  replays: Map<number, Replay>;
  computed: Map<number, { atMs: number; figures: ProviderFigures }>;
}
/** Per database (one server, or one test's), so two never share a provider's replay. */
const caches = new WeakMap<object, Cache>();
const cacheOf = (db: object): Cache => {
  let c = caches.get(db);
  if (!c) {
    c = { replays: new Map(), computed: new Map() };
    caches.set(db, c);
  }
  return c;
};

/** A fraction as a percentage with 2 decimals ('0.1234' → '12.34'). */
export const percentText = (fraction: string) => {
  const text = money(fraction).times(100).toFixed(2);
  // A loss smaller than half a hundredth of a percent reads 0.00, not -0.00.
  return text === '-0.00' ? '0.00' : text;
};

/** The provider's result events, brought up to date from the ledger entries since the last read. */
async function eventsOf(deps: Pick<CopyTradingDeps, 'db'>, userId: number): Promise<PnlEvent[]> {
  const { replays } = cacheOf(deps.db);
  const r = replays.get(userId) ?? { lastId: 0, cashMicros: 0, events: [] };
  for (const e of await repo.ledgerWithCash(deps.db, userId, r.lastId)) {
    const deltaMicros = micros(e.cashDelta);
    if (RESULT_TYPES.has(e.type) && deltaMicros !== 0)
      r.events.push({ atMs: e.atMs, pnlMicros: deltaMicros, cashBeforeMicros: r.cashMicros });
    r.cashMicros = addMicros(r.cashMicros, deltaMicros);
    r.lastId = e.id;
  }
  replays.set(userId, r);
  return r.events;
}

function mostOf(counts: Map<number, number>): number | null {
  let best: number | null = null;
  let bestN = 0;
  for (const [k, n] of counts)
    if (n > bestN || (n === bestN && best !== null && k < best)) {
      best = k;
      bestN = n;
    }
  return best;
}

export async function providerFigures(
  deps: Pick<CopyTradingDeps, 'db' | 'now'>,
  userId: number,
): Promise<ProviderFigures> {
  const nowMs = deps.now();
  const { computed } = cacheOf(deps.db);
  const hit = computed.get(userId);
  if (hit && nowMs - hit.atMs < FIGURES_TTL_MS && nowMs >= hit.atMs) return hit.figures;
  const events = await eventsOf(deps, userId);
  const fromMs = nowMs - THREE_WEEKS_MS;
  const trades = await repo.closedTradesSince(deps.db, userId, fromMs);
  const closed: ClosedTrade[] = trades.map((t) => ({
    closedAtMs: t.closedAt!.getTime(),
    netMicros: addMicros(micros(t.realisedProfit ?? '0'), -micros(t.fee)),
  }));
  const leverages = new Map<number, number>();
  const instruments = new Map<number, number>();
  for (const t of trades) {
    leverages.set(t.leverage, (leverages.get(t.leverage) ?? 0) + 1);
    instruments.set(t.instrumentId, (instruments.get(t.instrumentId) ?? 0) + 1);
  }
  const dayStart = Math.floor(nowMs / DAY_MS) * DAY_MS;
  const curveFrom = dayStart - (CURVE_DAYS - 1) * DAY_MS;
  const buckets = Array.from({ length: CURVE_DAYS }, (_, i) => ({
    startMs: curveFrom + i * DAY_MS,
    endMs: Math.min(curveFrom + (i + 1) * DAY_MS, nowMs + 1),
  }));
  const curve = returnCurve(events, curveFrom, buckets);
  const drawdown = maxDrawdown(curve);
  const figures: ProviderFigures = {
    threeWeekRate: percentText(timeWeightedReturn(events, fromMs)),
    totalRate: percentText(timeWeightedReturn(events)),
    threeWeekWin: percentText(winRate(closed)),
    threeWeekProfit: money(formatScaledNumber(netProfitMicros(closed), 6)).toFixed(2),
    totalTrades: await repo.closedTradeCount(deps.db, userId),
    multiple: mostOf(leverages) ?? 0,
    topInstrumentId: mostOf(instruments),
    instruments: [...instruments]
      .map(([instrumentId, n]) => ({ instrumentId, trades: n }))
      .sort((a, b) => b.trades - a.trades),
    maxDrawdown: percentText(drawdown),
    riskScore: riskScore(drawdown),
    curve,
  };
  computed.set(userId, { atMs: nowMs, figures });
  return figures;
}
