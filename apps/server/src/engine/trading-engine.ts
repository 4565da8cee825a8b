import {
  accountFigures,
  addScaled,
  checkNewOrder,
  checkNewOrderFast,
  checkPendingStopEdit,
  checkPendingStopEditFast,
  checkStopEdit,
  checkStopEditFast,
  classifyPending,
  closeSideOf,
  compareScaled,
  decimalFloat,
  type ExactRateSource,
  type FastAcceptedOrder,
  type FastOrderContext,
  type FastStops,
  feeExact,
  formatScaled,
  isQuoteFresh,
  LEDGER_SCALE,
  LEDGER_TYPE,
  type Money,
  marginExact,
  money,
  type NewOrderRequest,
  type PendingKind,
  pendingFillPriceExact,
  pendingTriggeredExact,
  planStopOut,
  profitExact,
  type Scaled,
  type Side,
  safeNumber,
  scaled,
  stopTriggeredExact,
  toCents,
} from '@meridian/domain';
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { type FencedWriter, superseded } from '../db/fenced-writer.ts';
import { users } from '../db/schema.ts';
import { AppError } from '../lib/app-error.ts';
import { IdTable } from '../lib/id-table.ts';
import { TIMED_OUT, within } from '../lib/within.ts';
import type { InstrumentRecord } from '../market/market-runtime.ts';
import type { Quote } from '../market/types.ts';
import {
  AccountBook,
  addMicros,
  type Figures,
  type MicroMovement,
  type Movement,
  micros,
  microsWithin,
  microText,
} from './account-book.ts';
import { AccountOrders } from './account-orders.ts';
import { ExactMarket, floatOf, type PricedQuote } from './exact-market.ts';
import { batchLanded, type JournalBatch, writeJournalBatch } from './journal.repository.ts';
import { Journal } from './journal.ts';
import {
  endedRowOf,
  type LiveOrder,
  liveOrderFromRow,
  lotsOf,
  openPriceOf,
  priceText,
  rowOf,
  stopLossOf,
  stopText,
  takeProfitOf,
  targetOf,
} from './live-order.ts';
import { findOrder, loadLiveOrders, type OrderRow } from './order.repository.ts';
import { OrderIds } from './order-ids.ts';
import { PositionTable } from './position-table.ts';
import { RevaluationArena } from './revaluation/revaluation-arena.ts';
import { removeTriggers, TriggerIndex, TriggerSets } from './trigger-index.ts';

export type CloseReason = 'user' | 'stop_loss' | 'take_profit' | 'stop_out' | 'demo_reset' | 'admin';

export interface EngineMarket {
  instrumentById(id: number): InstrumentRecord | undefined;
  instruments(): readonly InstrumentRecord[];
  latest(id: number): Quote | undefined;
  status(id: number): 0 | 1;
  /** How old a quote may be and still price an order (a few of the instrument's tick intervals). */
  maxQuoteAgeMs(id: number): number;
  /**
   * Whether the latest quote is the market's price now, for valuing positions before money leaves
   * (a price feed that can be away says so; without it every latest quote counts).
   */
  pricedNow?(id: number): boolean;
  /**
   * Whether the instrument takes new orders and fills pending ones (`takesOrders`: listed, in a
   * listed category); without it, the instrument's own `enabled` flag decides.
   */
  takesOrders?(id: number): boolean;
}

/** Read on the hot path, so synchronous (the server backs them with LiveSettings). */
export interface EngineSettings {
  feeType(): number;
  stopOutLevel(): string;
  marginCallLevel(): string;
}

export interface EngineEvents {
  /** Orders that ended (closed, cancelled): FOREX_CLOSED for their owner. */
  ordersEnded(userId: number, ids: number[]): void;
  /** Something about the user's positions or money changed: recompute and push FOREX_TRADE. */
  accountTouched(userId: number): void;
  /**
   * Money frozen for the user's withdrawals under review covered a trading loss (durable now): the
   * wallet settles those requests against what is still frozen.
   */
  frozenAppliedToLoss?(userId: number): void;
}

export interface EngineDeps {
  db: Db;
  now: () => number;
  market: EngineMarket;
  settings: EngineSettings;
  events: EngineEvents;
  log: FastifyBaseLogger;
  /** How a journal batch is made durable; the default writes it in one database transaction. */
  writeBatch?: (batch: JournalBatch) => Promise<void>;
  /** Whether a batch whose write failed is in the database all the same; default `batchLanded`. */
  batchLanded?: (batch: JournalBatch) => Promise<boolean>;
  /**
   * The connections the default journal writes on, fenced after a lost one before anything asks the
   * database what it holds (`db/fenced-writer.ts`); by default `db` itself, which needs no fence
   * (PGlite, and tests).
   */
  writer?: Pick<FencedWriter, 'run' | 'fence'>;
  /** This server's fencing token (`bumpEngineEpoch`); every journal batch carries it. */
  epoch?: number;
  /**
   * A batch was refused because another engine took the database over (its epoch is newer): this
   * one must stop deciding orders for good (the server exits).
   */
  onSuperseded?: (err: unknown) => void;
  /**
   * How long a command waits for a recovery (a failed journal write, memory rebuilt from the
   * database) before it is refused with nothing done, and how long a failed write waits to learn
   * whether its batch landed; default 5 s. Without a bound a command would act whenever the
   * database came back, long after its caller (and its price) had gone.
   */
  recoveryWaitMs?: number;
}

const RECOVERY_WAIT_MS = 5_000;

export interface SubmitRequest {
  side: 'buy' | 'sell';
  kind: 'market' | 'pending';
  instrumentId: number;
  quantity: string;
  leverage: number;
  targetPrice: string;
  stopLoss: string;
  takeProfit: string;
}

function getOrCreate<K, V>(
  map: { get(key: K): V | undefined; set(key: K, value: V): unknown },
  key: K,
  create: () => V,
): V {
  let value = map.get(key);
  if (value === undefined) {
    value = create();
    map.set(key, value);
  }
  return value;
}

/**
 * Open positions and pending orders one account may hold at once. Far above what a retail trader
 * keeps (the lot limits bind first for real sizes), it bounds what one account can make the engine
 * hold in memory and reload at every start: 0.01-lot orders on 40 instruments would otherwise reach
 * hundreds of thousands (DECISIONS).
 */
export const MAX_LIVE_ORDERS_PER_ACCOUNT = 1000;

const text = (v: Scaled) => formatScaled(v.n, v.s);
/** Decimal places of a stored price text ('1.16381' → 5, '0' → 0). */
const decimalsOf = (t: string): number => {
  const dot = t.indexOf('.');
  return dot < 0 ? 0 : t.length - dot - 1;
};
const ZERO_LOTS: Scaled = { n: 0n, s: 0 };
/** Accounts whose float-estimated equity is within this factor of the stop-out level get an exact check. */
const STOP_OUT_SCREEN = 1.25;

/** What a decision changed, told to sockets once the journal made it durable. */
class Effects {
  readonly ended = new Map<number, number[]>();
  readonly touched = new Set<number>();
  /** Accounts whose frozen withdrawal money covered a loss (rare: made when first needed). */
  frozenApplied: Set<number> | null = null;
  end(userId: number, orderId: number) {
    getOrCreate(this.ended, userId, () => []).push(orderId);
    this.touched.add(userId);
  }
  get empty() {
    return this.touched.size === 0;
  }
}

/** The exact stop rules' answer as the texts a row stores; a refusal throws its code. */
function stopTexts(checked: ReturnType<typeof checkStopEdit>): FastStops {
  if (!checked.ok) throw new AppError(checked.error.code);
  return {
    stopLossText: stopText(checked.value.stopLoss),
    takeProfitText: stopText(checked.value.takeProfit),
  };
}

/** The exact rules (BigInt, ADR 0005) on the fast path's context, in its answer's shape; a refusal throws. */
function checkExact(request: NewOrderRequest, ctx: FastOrderContext, openLots: Scaled): FastAcceptedOrder {
  const checked = checkNewOrder(request, {
    ...ctx,
    availableBalance: { n: BigInt(ctx.availableMicros), s: LEDGER_SCALE },
    openLots,
  });
  if (!checked.ok) throw new AppError(checked.error.code, checked.error.params);
  const a = checked.value;
  return {
    pendingKind: a.pendingKind,
    leverage: a.leverage,
    marginMicros: safeNumber(a.marginMicros),
    feeMicros: safeNumber(a.feeMicros),
    quantityText: priceText(a.quantity)!,
    targetText: a.kind === 'market' ? null : priceText(a.price),
    stopLossText: stopText(a.stopLoss),
    takeProfitText: stopText(a.takeProfit),
  };
}

/** Micro-dollars (a safe integer) as Money, for callers outside the engine. */
const moneyOf = (v: number) => money(microText(v));

/** A position about to open, for the stop-out guard: at `openPrice`, marked at `q`'s other side. */
interface Opening {
  instrument: InstrumentRecord;
  side: Side;
  quantityText: string;
  contractSize: Scaled;
  openPrice: Scaled;
  q: PricedQuote;
}

/** The position a pending order `o` becomes when it fills at `fillPrice`. */
const openingOf = (
  o: LiveOrder,
  instrument: InstrumentRecord,
  fillPrice: Scaled,
  q: PricedQuote,
): Opening => ({
  instrument,
  side: o.side,
  quantityText: o.quantityText,
  contractSize: o.contractSize,
  openPrice: fillPrice,
  q,
});

/**
 * The trading engine (DESIGN §4), shaped like exchange-core: every decision is made in memory,
 * synchronously (so commands for one account are naturally one at a time, and a tick's fills,
 * stops and stop-outs see a consistent book), and what it changed is staged in the journal, whose
 * writer commits everything staged since its last write in one transaction. A command answers only
 * once its batch is durable; socket pushes follow the commit too. If a write fails, everything
 * decided on top of it fails with it and the engine rebuilds from the database, which stays the
 * truth: pending orders and open positions in `orders`, figures in `users`, movements in the ledger.
 *
 * Money and prices are exact scaled integers on every path (ADR 0005): amounts in micro-dollars,
 * prices and lots parsed once (quotes once per tick, terms once per change, orders when placed).
 * Floats appear only in the stop-out screen and the trigger index, which decide nothing alone.
 */
export class TradingEngine {
  /** Live orders by id (pages by id, not a Map: ADR 0007). */
  private readonly live = new IdTable<LiveOrder>();
  /** Per account slot: live orders, and lots open or pending per instrument (the per-instrument limit). */
  private readonly byAccount = new AccountOrders<LiveOrder>();
  /** Per instrument: triggers on the bid and on the ask. */
  private readonly triggers = new Map<number, { bid: TriggerIndex; ask: TriggerIndex }>();
  /** Which trigger sets are still open, for every index of this engine. */
  private triggerSets = new TriggerSets();
  /** Per instrument: open positions as flat arrays, revalued on every tick for stop-out screening. */
  private readonly positions = new Map<number, PositionTable>();
  private readonly suspects = new Set<number>();
  /** A small dense number per instrument, in the order first seen: the index of a user's lot tallies. */
  private readonly lanes = new Map<number, number>();
  /** Accounts the last rebuild's revaluation flagged, for an exact stop-out check once it may act. */
  private readonly rebuiltSuspects = new Set<number>();
  /** Where the per-tick revaluation runs: the accounts' risk pairs and the position tables. */
  private readonly arena = new RevaluationArena();
  private readonly exact: ExactMarket;
  private readonly journal: Journal;
  private readonly book: AccountBook;
  private readonly ids: OrderIds;
  private recovering: Promise<void> | null = null;
  private readonly writer: Pick<FencedWriter, 'run' | 'fence'>;

  constructor(private readonly deps: EngineDeps) {
    const writer = deps.writer ?? { run: (fn) => fn(deps.db), fence: async () => {} };
    this.writer = writer;
    const write =
      deps.writeBatch ?? ((batch) => writer.run((db) => writeJournalBatch(db, batch, deps.epoch)));
    this.journal = new Journal(
      write,
      (err) => this.recover(err),
      deps.batchLanded ??
        (async (batch) => {
          await writer.fence();
          return batchLanded(deps.db, batch);
        }),
      deps.recoveryWaitMs ?? RECOVERY_WAIT_MS,
    );
    this.book = new AccountBook(deps.db, this.journal, deps.now, this.arena);
    this.ids = new OrderIds(deps.db);
    this.exact = new ExactMarket(deps.market);
  }

  // ---- start-up and recovery -----------------------------------------------------------------

  /** Loads every pending order and open position, and their accounts' figures (start-up). */
  async rebuild() {
    this.clearMemory();
    this.exact.buildConversions();
    const rows = await loadLiveOrders(this.deps.db);
    const owners = [...new Set(rows.map((r) => r.userId))];
    for (let i = 0; i < owners.length; i += 5000) {
      const chunk = owners.slice(i, i + 5000);
      const figures = await this.deps.db
        .select({
          id: users.id,
          balance: users.balance,
          lock: users.lockBalance,
          margin: users.margin,
          tradingFrozen: users.tradingFrozen,
          isDemo: users.isDemo,
        })
        .from(users)
        .where(inArray(users.id, chunk));
      this.book.adopt(figures);
    }
    for (const row of rows) {
      const kind = row.status === 0 && row.targetPrice ? this.pendingKindFor(row) : null;
      this.index(liveOrderFromRow(row, kind));
    }
    this.revalueAtLatest();
    // At start-up the journal is healthy: decide now. A recovery decides once the journal is reset.
    if (!this.recovering) this.stopOutRebuilt();
    return rows.length;
  }

  /**
   * Positions come back with no running profit (the per-tick revaluation adds what moved since the
   * last tick), so an account's floating total would count an instrument only once it ticks again:
   * an account already past the stop-out level on a quiet or closed market would stay open. Marked
   * here at the latest quotes; the accounts flagged are checked exactly by `stopOutRebuilt`.
   */
  private revalueAtLatest() {
    const flagged = new Set<number>();
    for (const [instrumentId, table] of this.positions) {
      const q = this.deps.market.latest(instrumentId);
      if (q) this.revalueTable(table, q, flagged);
    }
    for (const slot of flagged) this.rebuiltSuspects.add(this.book.userAt(slot));
  }

  /** The exact stop-out check of the accounts the rebuild's revaluation flagged. */
  private stopOutRebuilt() {
    if (this.rebuiltSuspects.size === 0) return;
    const fx = new Effects();
    for (const userId of this.rebuiltSuspects) this.stopOutIfDue(userId, fx);
    this.rebuiltSuspects.clear();
    this.commitInBackground(fx);
  }

  private clearMemory() {
    this.live.clear();
    this.byAccount.clear();
    this.triggers.clear();
    this.triggerSets = new TriggerSets();
    for (const table of this.positions.values()) table.release();
    this.positions.clear();
    this.book.clear();
    this.exact.clear();
    this.rebuiltSuspects.clear();
  }

  /** A failed write: refuse commands, rebuild memory from the database, then carry on. */
  private recover(err: unknown) {
    if (superseded(err)) {
      // Rebuilding would only decide against another engine's database: stay refusing, and stop.
      this.deps.log.fatal({ err }, 'another trading engine took this database over');
      this.recovering ??= new Promise<void>(() => {});
      this.deps.onSuperseded?.(err);
      return;
    }
    this.deps.log.error({ err }, 'journal write failed: rebuilding the trading engine from the database');
    if (this.recovering) return;
    this.recovering = (async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          // Nothing is read back while a lost write could still commit behind the read.
          await this.writer.fence();
          await this.rebuild();
          // Batches whose fate the database could not tell when their write failed: it can now.
          await this.journal.decideUndecided();
          break;
        } catch (e) {
          this.deps.log.error({ err: e, attempt }, 'trading engine rebuild failed; retrying');
          await new Promise((r) => setTimeout(r, Math.min(5000, 200 * attempt)));
        }
      }
      this.journal.reset();
    })().finally(() => {
      this.recovering = null;
      this.stopOutRebuilt();
    });
  }

  private pendingKindFor(row: OrderRow): PendingKind | null {
    // The kind was decided against the market when placed; it is recoverable from the quote it was
    // placed against: a buy target below that ask is a limit, above it a stop.
    const side = row.side === 1 ? 'buy' : 'sell';
    if (!row.openAsk || !row.openBid) return null;
    return classifyPending(side, row.targetPrice!, { bid: row.openBid, ask: row.openAsk });
  }

  /**
   * Ready to decide for this account: its figures in memory and an order id at hand. Answers
   * `true` without a promise when it already is (the common case: no await, no microtask hop).
   */
  private ready(userId: number): true | Promise<void> {
    if (
      !this.recovering &&
      this.book.slotOf(userId) !== undefined &&
      this.ids.ready() === true &&
      this.ids.available
    )
      return true;
    return this.prepare(userId);
  }

  private async prepare(userId: number, waitMs = this.deps.recoveryWaitMs ?? RECOVERY_WAIT_MS) {
    const deadline = Date.now() + waitMs;
    for (;;) {
      if (this.recovering) await this.recoveredBy(this.recovering, deadline);
      const loaded = this.book.ensure(userId);
      if (loaded !== true && !(await loaded)) throw new AppError('AUTH_SESSION_INVALID');
      const ids = this.ids.ready();
      if (ids !== true) await ids;
      if (!this.recovering && this.book.slotOf(userId) !== undefined && this.ids.available) return;
    }
  }

  /** Whether memory is being rebuilt after a failed write (commands wait, then are refused). */
  get isRecovering(): boolean {
    return this.recovering !== null || this.journal.isFailed;
  }

  /** Waits for a recovery until the deadline; past it the command is refused, nothing done. */
  private async recoveredBy(recovering: Promise<void>, deadline: number) {
    if (deadline === Number.POSITIVE_INFINITY) return recovering;
    if ((await within(recovering, deadline - Date.now())) === TIMED_OUT)
      throw new AppError('SERVICE_RECOVERING');
  }

  /**
   * Called first in every synchronous decision: nothing is decided while memory is being rebuilt.
   * Answers the account's slot in the book.
   */
  private accountFor(userId: number): number {
    const slot = this.book.slotOf(userId);
    if (this.recovering || this.journal.isFailed) throw new AppError('SERVICE_RECOVERING');
    if (slot === undefined) throw new AppError('SERVER_INTERNAL');
    return slot;
  }

  /** Waits for durability, then tells sockets. */
  private async durable(fx: Effects) {
    await this.journal.commit();
    this.publish(fx);
  }

  private publish(fx: Effects) {
    for (const [userId, ids] of fx.ended) this.deps.events.ordersEnded(userId, ids);
    for (const userId of fx.touched) this.deps.events.accountTouched(userId);
    if (fx.frozenApplied)
      for (const userId of fx.frozenApplied) this.deps.events.frozenAppliedToLoss?.(userId);
  }

  // ---- memory --------------------------------------------------------------------------------

  private laneOf(instrumentId: number): number {
    let lane = this.lanes.get(instrumentId);
    if (lane === undefined) {
      lane = this.lanes.size;
      this.lanes.set(instrumentId, lane);
    }
    return lane;
  }

  private index(o: LiveOrder) {
    const slot = this.book.slot(o.userId);
    const mine = this.byAccount;
    // First what may grow the arrays or refuse (an order already listed): nothing is half done then.
    const lots = mine.lotsFor(slot, this.laneOf(o.instrumentId));
    mine.append(slot, o);
    this.live.set(o.id, o);
    mine.lots.add(lots, o.quantityText, 1);
    this.indexTriggers(o);
    if (o.status === 1) {
      // Floats for the screen only; decimalFloat(text) is the same double as the exact value's quotient.
      const units = decimalFloat(o.quantityText) * floatOf(o.contractSize) * (o.side === 'buy' ? 1 : -1);
      getOrCreate(this.positions, o.instrumentId, () => new PositionTable(this.arena)).add(
        o,
        o.openPriceText === null ? 0 : decimalFloat(o.openPriceText),
        units,
        slot,
      );
    }
  }

  /** A pending order's fill level, or an open position's stop loss and take profit. */
  private indexTriggers(o: LiveOrder) {
    const t = getOrCreate(this.triggers, o.instrumentId, () => ({
      bid: new TriggerIndex(this.triggerSets),
      ask: new TriggerIndex(this.triggerSets),
    }));
    if (o.status === 0 && o.pendingKind && o.targetPriceText !== null) {
      // buy orders fill on the ask, sell orders on the bid; limits wait below/above, stops beyond.
      const onAsk = o.pendingKind === 'buy_limit' || o.pendingKind === 'buy_stop';
      const direction = o.pendingKind === 'buy_limit' || o.pendingKind === 'sell_stop' ? 'below' : 'above';
      (onAsk ? t.ask : t.bid).add(direction, o.id, decimalFloat(o.targetPriceText), 'fill', o);
    }
    if (o.status === 1) {
      // Stops of a position are checked on the close side.
      const closeSide = o.side === 'buy' ? t.bid : t.ask;
      if (o.stopLossText !== '0')
        closeSide.add(
          o.side === 'buy' ? 'below' : 'above',
          o.id,
          decimalFloat(o.stopLossText),
          'stop_loss',
          o,
        );
      if (o.takeProfitText !== '0')
        closeSide.add(
          o.side === 'buy' ? 'above' : 'below',
          o.id,
          decimalFloat(o.takeProfitText),
          'take_profit',
          o,
        );
    }
  }

  /** Takes a live order (the very object the engine holds for its id) out of every index. */
  private unindex(o: LiveOrder) {
    const slot = this.book.slotOf(o.userId);
    // Only the very object the engine holds for this id: a stale one (kept from before a rebuild)
    // would cut its owner's list and take its lots off the limit. Refused before anything changes.
    if (slot === undefined || this.live.get(o.id) !== o) throw new Error(`order ${o.id} is not live`);
    const mine = this.byAccount;
    const lots = mine.lotsFor(slot, this.laneOf(o.instrumentId));
    mine.unlink(slot, o);
    this.live.delete(o.id);
    mine.lots.add(lots, o.quantityText, -1);
    removeTriggers(o);
    if (o.positionSlot >= 0) {
      const gone = this.positions.get(o.instrumentId)?.remove(o);
      if (gone) this.book.dropFloating(gone.accountSlot, gone.lastUsd);
    }
  }

  /**
   * New stops on a live order: only its triggers change (an open position's; a pending order's
   * stops wait for the fill), not its lots or its place in the stop-out screen.
   */
  private restageStops(o: LiveOrder, row: OrderRow) {
    // The order object was edited in place (setStops); only its triggers move.
    if (o.status === 1) {
      removeTriggers(o);
      this.indexTriggers(o);
    }
    this.journal.putOrder(row);
  }

  /**
   * Replaces an order's memory and stages its row for the journal: `was` is the object the engine
   * held for it until now (null for a new order), `o` what it holds from now on (the same object
   * when the order ends). Callers pass what they already hold: looking the id up again was a cold
   * map read on every new order (~3 % of the command mix by line profile).
   */
  private stage(was: LiveOrder | null, o: LiveOrder, row: OrderRow) {
    if (was !== null) this.unindex(was);
    if (row.status === 0 || row.status === 1) this.index(o);
    this.journal.putOrder(row);
  }

  /** The user's pending orders and open positions, oldest first. */
  liveOrdersOf(userId: number): LiveOrder[] {
    const out: LiveOrder[] = [];
    const slot = this.book.slotOf(userId);
    for (let o = slot === undefined ? null : this.byAccount.first(slot); o; o = o.nextOfUser) out.push(o);
    return out;
  }

  liveOrder(orderId: number): LiveOrder | undefined {
    return this.live.get(orderId);
  }

  /** Whether the user holds a position in any of these instruments (the monitor's push filter). */
  holdsAnyOf(userId: number, instrumentIds: ReadonlySet<number>): boolean {
    const slot = this.book.slotOf(userId);
    for (let o = slot === undefined ? null : this.byAccount.first(slot); o; o = o.nextOfUser)
      if (o.status === 1 && instrumentIds.has(o.instrumentId)) return true;
    return false;
  }

  get liveCount() {
    return this.live.size;
  }

  /** The account's figures (ahead of the database by at most one batch), as Money. */
  async figures(userId: number): Promise<Figures> {
    await this.prepare(userId);
    const slot = this.accountFor(userId);
    const b = this.book;
    return {
      balance: moneyOf(b.balance[slot]!),
      lock: moneyOf(b.lock[slot]!),
      margin: moneyOf(b.margin[slot]!),
      tradingFrozen: b.frozen[slot] === 1,
    };
  }

  // ---- prices --------------------------------------------------------------------------------

  /** After staff add an instrument: it may be the USD conversion pair of a currency. */
  /** The instruments whose profit in USD moves with this one's quotes (its conversion dependents). */
  convertingThrough(instrumentId: number): readonly number[] {
    return this.exact.convertingThrough(instrumentId);
  }

  refreshConversions() {
    this.exact.buildConversions();
  }

  rates(): ExactRateSource {
    if (!this.exact.hasConversions) this.exact.buildConversions();
    return this.exact.rates;
  }

  /**
   * USD rates for a trader's decision that charges money (a new order, a close, a pending order
   * re-priced after a gap): a conversion pair whose market is open but has not ticked within its
   * interval converts nothing, as its own quote would price nothing (DESIGN §4 'no fill on a stale
   * price'; at a session's first ticks USDJPY may still show Friday's rate while EURJPY trades). A
   * closed pair's last quote stands: nothing newer exists. Stop loss, take profit and stop-out act
   * on the latest rate: they must not wait.
   */
  private readonly freshRates: ExactRateSource = (currency) => {
    const exact = this.exact;
    if (!exact.hasConversions) exact.buildConversions();
    const pair = exact.conversionInstrumentOf(currency);
    if (pair !== undefined) {
      const market = this.deps.market;
      if (market.status(pair) === 1) {
        const q = market.latest(pair);
        if (!q || !isQuoteFresh(q, this.deps.now(), market.maxQuoteAgeMs(pair))) return null;
      }
    }
    return exact.rates(currency);
  };

  private lastLevel = '';
  private lastScreen = 0;
  /** The stop-out level as a fraction, with headroom for the float estimate. */
  private screenFactor() {
    const level = this.deps.settings.stopOutLevel();
    if (level !== this.lastLevel) {
      this.lastLevel = level;
      this.lastScreen = (Number(level) / 100) * STOP_OUT_SCREEN;
    }
    return this.lastScreen;
  }

  private instrumentOf(o: LiveOrder): InstrumentRecord {
    const instrument = this.deps.market.instrumentById(o.instrumentId);
    if (!instrument) throw new Error(`instrument ${o.instrumentId} of order ${o.id} is unknown`);
    return instrument;
  }

  /** Floating profit of a position at a quote, micro-dollars; null when it cannot be priced. */
  private profitAt(o: LiveOrder, instrument: InstrumentRecord, q: PricedQuote, rates: ExactRateSource) {
    const r = profitExact(
      {
        contractSize: o.contractSize,
        quoteCurrency: instrument.quoteCurrency,
        side: o.side,
        openPrice: openPriceOf(o)!,
        quantity: lotsOf(o),
      },
      closeSideOf(o.side, q),
      rates,
    );
    return r.ok ? safeNumber(r.value.micros) : null;
  }

  /** Floating profit at the latest quote, micro-dollars; null when it cannot be priced. */
  private floatingMicros(o: LiveOrder, rates: ExactRateSource = this.rates()): number | null {
    if (o.status !== 1 || o.openPriceText === null) return null;
    const instrument = this.deps.market.instrumentById(o.instrumentId);
    const q = instrument && this.exact.latest(instrument);
    if (!instrument || !q) return null;
    return this.profitAt(o, instrument, q, rates);
  }

  /** Floating profit of a position at the latest quote (USD, exact); null when it cannot be priced. */
  floatingProfit(o: LiveOrder, rates: ExactRateSource = this.rates()): Money | null {
    const m = this.floatingMicros(o, rates);
    return m === null ? null : moneyOf(m);
  }

  /** The account's open positions marked at the latest quotes, micro-dollars (unpriceable ones count 0). */
  private floatingOf(userId: number, rates: ExactRateSource): number {
    let floating = 0;
    for (const o of this.liveOrdersOf(userId))
      if (o.status === 1) floating = addMicros(floating, this.floatingMicros(o, rates) ?? 0);
    return floating;
  }

  /**
   * The instrument's latest quote if its market is open and ticked within its interval (else nothing
   * fills at it). Open first: for a few seconds after a session ends its last quote is still young,
   * and a stop-out then would close at a price no one can trade, while a minute later it would wait
   * for the next session: one rule whatever the moment the account fell.
   */
  private freshQuoteOf(instrumentId: number): Quote | null {
    const market = this.deps.market;
    if (market.status(instrumentId) !== 1) return null;
    const q = market.latest(instrumentId);
    return q && isQuoteFresh(q, this.deps.now(), market.maxQuoteAgeMs(instrumentId)) ? q : null;
  }

  /**
   * An order's current price as the trader sees it: a position's close side (the bid of a buy), a
   * pending order's fill side (the ask of a buy); 0 with no quote.
   */
  currentPrice(o: LiveOrder): number {
    const q = this.deps.market.latest(o.instrumentId);
    if (!q) return 0;
    return (o.side === 'buy') === (o.status === 1) ? q.bid : q.ask;
  }

  private takesOrders(instrument: InstrumentRecord) {
    const market = this.deps.market;
    return market.takesOrders ? market.takesOrders(instrument.id) : instrument.enabled;
  }

  private riskLevels() {
    return { marginCall: this.deps.settings.marginCallLevel(), stopOut: this.deps.settings.stopOutLevel() };
  }

  // ---- commands ------------------------------------------------------------------------------

  async submit(userId: number, req: SubmitRequest): Promise<OrderRow> {
    // Other commands may have used the last reserved id between `prepare` and this turn.
    for (let r = this.ready(userId); r !== true; r = this.ready(userId)) await r;
    const row = this.decideSubmit(userId, req);
    await this.journal.commit();
    this.deps.events.accountTouched(userId);
    return row;
  }

  private decideSubmit(userId: number, req: SubmitRequest): OrderRow {
    const slot = this.accountFor(userId);
    const b = this.book;
    if (b.frozen[slot] === 1) throw new AppError('ORDER_TRADING_FROZEN');
    const instrument = this.deps.market.instrumentById(req.instrumentId);
    if (!instrument || !this.takesOrders(instrument)) throw new AppError('INSTRUMENT_NOT_FOUND');
    const nowMs = this.deps.now();
    const quote = this.exact.latest(instrument);
    const terms = this.exact.termsOf(instrument);
    const feeType = this.deps.settings.feeType();
    const request = {
      side: req.side,
      kind: req.kind,
      quantity: req.quantity === '0' ? '' : req.quantity,
      leverage: req.leverage || null,
      targetPrice: req.targetPrice === '0' ? '' : req.targetPrice,
      stopLoss: req.stopLoss,
      takeProfit: req.takeProfit,
    };
    const mine = this.byAccount;
    if (mine.count(slot) >= MAX_LIVE_ORDERS_PER_ACCOUNT)
      throw new AppError('ORDER_TOO_MANY_LIVE', { max: MAX_LIVE_ORDERS_PER_ACCOUNT });
    const lots = mine.lotsAt(slot, this.laneOf(instrument.id));
    const ctx: FastOrderContext = {
      terms,
      marketOpen: this.deps.market.status(instrument.id) === 1,
      quote,
      nowMs,
      maxQuoteAgeMs: this.deps.market.maxQuoteAgeMs(instrument.id),
      availableMicros: b.balance[slot]!,
      feeType,
      rates: this.freshRates,
      openLotsUnits: mine.lots.numberUnits(lots),
      openLotsScale: mine.lots.unitScale(lots),
    };
    // The rules in safe integers first (ADR 0007 step 2); the exact BigInt rules decide whatever
    // that path leaves (every refusal, a sign or spaces, more than 15 digits, beyond 2^53).
    const accepted = checkNewOrderFast(request, ctx) ?? checkExact(request, ctx, mine.lots.value(lots));
    const margin = accepted.marginMicros;
    const fee = accepted.feeMicros;
    const q = quote!;
    const isMarket = accepted.targetText === null;
    // An order that would put the account at the stop-out level at once (its open positions' losses
    // already eat the balance, or the new position's own spread does) is refused rather than opened
    // and stopped out on the next tick, taking other positions with it.
    if (
      this.wouldStopOut(
        userId,
        slot,
        margin,
        fee,
        isMarket
          ? {
              instrument,
              side: req.side,
              quantityText: accepted.quantityText,
              contractSize: terms.contractSize,
              openPrice: req.side === 'buy' ? q.ask : q.bid,
              q,
            }
          : null,
      )
    )
      throw new AppError('RISK_WOULD_STOP_OUT');
    const id = this.ids.take();
    const order: LiveOrder = {
      id,
      userId,
      instrumentId: instrument.id,
      side: req.side,
      status: isMarket ? 1 : 0,
      leverage: accepted.leverage,
      marginMode: instrument.marginMode,
      feeType,
      pendingKind: accepted.pendingKind,
      quantityText: accepted.quantityText,
      contractSize: terms.contractSize,
      contractSizeText: instrument.contractSize,
      feeRate: terms.feeRate,
      feeRateText: instrument.feeRate,
      targetPriceText: accepted.targetText,
      // A market order opens at the quote's own side: its text is already made.
      openPriceText: isMarket ? (req.side === 'buy' ? q.askText : q.bidText) : null,
      openBid: q.bidText,
      openAsk: q.askText,
      openQuoteTime: q.time,
      openQuoteSeq: q.seq,
      stopLossText: accepted.stopLossText,
      takeProfitText: accepted.takeProfitText,
      margin,
      fee,
      marginText: microText(margin),
      feeText: microText(fee),
      createdAtMs: nowMs,
      openedAtMs: isMarket ? nowMs : null,
      triggerSlot: -1,
      triggerIndex: null,
      triggerDirections: 0,
      positionSlot: -1,
      prevOfUser: null,
      nextOfUser: null,
    };
    const row = rowOf(order);
    // Margin out of balance into margin, then the fee: two ledger entries (funds checked above).
    const memo = `order ${id}`;
    this.mustMove({
      userId,
      type: LEDGER_TYPE.MARGIN_HOLD,
      balanceDelta: -margin,
      marginDelta: margin,
      memo,
      idempotencyKey: `margin-hold:${id}`,
    });
    if (fee > 0)
      this.mustMove({
        userId,
        type: LEDGER_TYPE.TRADE_FEE,
        balanceDelta: -fee,
        memo,
        idempotencyKey: `fee:${id}`,
      });
    this.stage(null, order, row);
    return row;
  }

  /**
   * Whether the account would be at the stop-out level once `marginAdd` moves from its balance to
   * its margin and `feeAdd` is charged, and, with `opening` (a position about to open: a market
   * order, a pending order filling), once that position is marked: it opens at its price and is
   * valued at the quote's other side, so it starts with the spread as a loss.
   */
  private wouldStopOut(
    userId: number,
    slot: number,
    marginAdd: number,
    feeAdd: number,
    opening: Opening | null,
    screen = true,
  ) {
    // Screen in floats first (as on a tick); only an account near the level pays for the exact
    // valuation of all its positions. Not during a tick: the positions are revalued after its fills.
    const b = this.book;
    const balanceF = b.balance[slot]! / 1e6;
    const marginF = b.margin[slot]! / 1e6;
    let openingF = 0;
    if (opening !== null) {
      const { side, q } = opening;
      const openF = floatOf(opening.openPrice);
      const perUnit = side === 'buy' ? q.bidF - openF : openF - q.askF;
      openingF =
        perUnit *
        decimalFloat(opening.quantityText) *
        floatOf(opening.contractSize) *
        this.exact.usdPerUnitF(opening.instrument.quoteCurrency);
    }
    // An unconvertible opening (NaN) is not screened out: the exact figures decide.
    const equityAfter = balanceF + marginF + b.floating(slot) - feeAdd / 1e6 + openingF;
    if (screen && equityAfter >= (marginF + marginAdd / 1e6) * this.screenFactor()) return false;
    let floating = this.floatingOf(userId, this.rates());
    if (opening !== null) {
      const r = profitExact(
        {
          contractSize: opening.contractSize,
          quoteCurrency: opening.instrument.quoteCurrency,
          side: opening.side,
          openPrice: opening.openPrice,
          quantity: scaled(opening.quantityText),
        },
        closeSideOf(opening.side, opening.q),
        this.rates(),
      );
      // As an open position that cannot be priced counts in `floatingOf`: nothing.
      if (r.ok) floating = addMicros(floating, safeNumber(r.value.micros));
    }
    const after = accountFigures(
      {
        balance: moneyOf(addMicros(b.balance[slot]!, -addMicros(marginAdd, feeAdd))),
        margin: moneyOf(addMicros(b.margin[slot]!, marginAdd)),
        floatingProfit: moneyOf(floating),
      },
      this.riskLevels(),
    );
    return after.status === 'stop_out';
  }

  /** A movement the decision already proved affordable: a refusal here is a bug, not a user error. */
  private mustMove(m: MicroMovement) {
    const r = this.book.move(m);
    if (!r.ok) throw new Error(`movement ${m.idempotencyKey ?? m.memo} refused`);
    return r;
  }

  private async refuse(userId: number, orderId: number, status: 0 | 1): Promise<never> {
    // Not live: the user's own finished order is 'not holding/pending'; another user's id answers
    // exactly like a missing one, so nothing is revealed.
    const wrongState = new AppError(status === 1 ? 'ORDER_NOT_HOLDING' : 'ORDER_NOT_PENDING');
    const o = this.live.get(orderId);
    if (o?.userId === userId) throw wrongState;
    const row = o ? null : await findOrder(this.deps.db, orderId);
    if (row && row.userId === userId) throw wrongState;
    throw new AppError('ORDER_NOT_FOUND');
  }

  private ownedLive(userId: number, orderId: number, status: 0 | 1): LiveOrder | null {
    const o = this.live.get(orderId);
    return o?.userId === userId && o.status === status ? o : null;
  }

  /** A user closing a position: refused while the market is closed (DESIGN §4), never queued. */
  async close(userId: number, orderId: number): Promise<OrderRow> {
    const ready = this.ready(userId);
    if (ready !== true) await ready;
    this.accountFor(userId);
    const o = this.ownedLive(userId, orderId, 1);
    if (!o) return this.refuse(userId, orderId, 1);
    if (this.deps.market.status(o.instrumentId) !== 1) throw new AppError('ORDER_MARKET_CLOSED');
    // No fill on a stale price (DESIGN §4): a close is a fill too.
    const q = this.freshQuoteOf(o.instrumentId);
    if (!q) throw new AppError('ORDER_PRICE_UNAVAILABLE');
    const fx = new Effects();
    const row = this.settle(o, q, 'user', fx);
    await this.durable(fx);
    return row;
  }

  /** Closes a position at a quote: margin back plus profit, negative balance protection after. */
  private settle(o: LiveOrder, q: Quote, reason: CloseReason, fx: Effects): OrderRow {
    const instrument = this.instrumentOf(o);
    const pq = this.exact.priced(instrument, q);
    const profit = this.profitAt(o, instrument, pq, reason === 'user' ? this.freshRates : this.rates());
    if (profit === null) throw new AppError('ORDER_CONVERSION_UNAVAILABLE');
    const memo = `order ${o.id}`;
    // A loss larger than the balance leaves it negative; see coverNegativeBalance for what follows.
    const settled = this.mustMove({
      userId: o.userId,
      type: LEDGER_TYPE.POSITION_SETTLE,
      balanceDelta: addMicros(o.margin, profit),
      marginDelta: -o.margin,
      memo,
      idempotencyKey: `settle:${o.id}`,
      allowNegativeBalance: true,
    });
    const row = endedRowOf(o, {
      status: 3,
      closePrice: text(closeSideOf(o.side, pq)),
      closeBid: pq.bidText,
      closeAsk: pq.askText,
      closeQuoteTime: pq.time,
      closeQuoteSeq: q.seq,
      closeReason: reason,
      realisedProfit: microText(profit),
      closedAt: new Date(this.deps.now()),
    });
    this.stage(o, o, row);
    fx.end(o.userId, o.id);
    // A demo reset sets the balance itself right after its closes: no protection entry in between.
    if (settled.balanceAfter < 0 && reason !== 'demo_reset') this.coverNegativeBalance(o.userId, o.id, fx);
    return row;
  }

  /**
   * Negative balance protection (DESIGN §3), for the account as a whole. While a position is still
   * open the deficit is the trader's: the open positions' margin and profit stand behind it (closing
   * one leg of a hedge at a loss larger than the balance is not a loss to forgive while the other leg
   * holds the gain), and the stop-out watches the account's equity as before. Once nothing is open,
   * pending orders cannot be funded from a deficit: they are cancelled (their reserved margin and fee
   * come back first), and whatever is still below zero is reset to zero by an entry of its own.
   */
  private coverNegativeBalance(userId: number, closedOrderId: number, fx: Effects) {
    const live = this.liveOrdersOf(userId);
    if (live.some((x) => x.status === 1)) return;
    for (const p of live) this.cancelPending(p, 'negative_balance', fx);
    const slot = this.accountFor(userId);
    // A loss is limited to the funds in the account, and money frozen for a withdrawal under review
    // is still there: it covers the deficit first, the broker only what is left (the wallet then
    // settles the requests against what stays frozen). Paying it out after covering the same
    // deficit would have had the broker pay twice.
    const frozen = this.book.lock[slot]!;
    if (this.book.balance[slot]! < 0 && frozen > 0) {
      const used = Math.min(frozen, -this.book.balance[slot]!);
      this.mustMove({
        userId,
        type: LEDGER_TYPE.WITHDRAWAL_APPLIED_TO_LOSS,
        balanceDelta: used,
        lockDelta: -used,
        memo: `order ${closedOrderId}`,
        idempotencyKey: `nbp-frozen:${closedOrderId}`,
      });
      fx.frozenApplied ??= new Set();
      fx.frozenApplied.add(userId);
    }
    const balance = this.book.balance[slot]!;
    if (balance < 0)
      this.mustMove({
        userId,
        type: LEDGER_TYPE.NEGATIVE_BALANCE_RESET,
        balanceDelta: -balance,
        memo: `order ${closedOrderId}`,
        idempotencyKey: `nbp:${closedOrderId}`,
      });
  }

  async cancel(userId: number, orderId: number): Promise<OrderRow> {
    const ready = this.ready(userId);
    if (ready !== true) await ready;
    this.accountFor(userId);
    const o = this.ownedLive(userId, orderId, 0);
    if (!o) return this.refuse(userId, orderId, 0);
    const fx = new Effects();
    const row = this.cancelPending(o, 'cancelled', fx);
    await this.durable(fx);
    return row;
  }

  private cancelPending(o: LiveOrder, reason: string, fx: Effects): OrderRow {
    this.mustMove({
      userId: o.userId,
      type: LEDGER_TYPE.ORDER_CANCEL_REFUND,
      balanceDelta: addMicros(o.margin, o.fee),
      marginDelta: -o.margin,
      memo: `order ${o.id} cancelled`,
      idempotencyKey: `cancel:${o.id}`,
    });
    const row = endedRowOf(o, {
      status: 4,
      closePrice: null,
      closeBid: null,
      closeAsk: null,
      closeQuoteTime: null,
      closeQuoteSeq: null,
      closeReason: reason,
      realisedProfit: null,
      closedAt: new Date(this.deps.now()),
    });
    this.stage(o, o, row);
    fx.end(o.userId, o.id);
    return row;
  }

  async setStops(userId: number, orderId: number, stopLoss: string, takeProfit: string): Promise<OrderRow> {
    const ready = this.ready(userId);
    if (ready !== true) await ready;
    this.accountFor(userId);
    const o = this.live.get(orderId);
    // The owner's finished order is 'not an open position' (as a second close is told); another
    // user's id answers like a missing one.
    if (!o || o.userId !== userId) return this.refuse(userId, orderId, 1);
    const instrument = this.instrumentOf(o);
    const request = { side: o.side, stopLoss, takeProfit };
    // Stops set before staff made the precision coarser may be finer than prices are quoted now:
    // they stay acceptable, or keeping the stop loss would block a new take profit. The precision
    // only bounds the decimals a stop may have, so what the instrument's precision accepts is
    // accepted at the finer one too: the old stops' texts (cold memory on a random order, read on
    // every edit) are read only when it does not.
    const finer = () =>
      Math.max(instrument.pricePrecision, decimalsOf(o.stopLossText), decimalsOf(o.takeProfitText));
    let stops: FastStops | null;
    if (o.status === 1) {
      const ctx = {
        pricePrecision: instrument.pricePrecision,
        marketOpen: this.deps.market.status(o.instrumentId) === 1,
        quote: this.exact.latest(instrument),
        nowMs: this.deps.now(),
        maxQuoteAgeMs: this.deps.market.maxQuoteAgeMs(o.instrumentId),
      };
      // Safe integers first; the exact rules for whatever that path leaves (every refusal).
      stops = checkStopEditFast(request, ctx);
      if (stops === null) {
        ctx.pricePrecision = finer();
        stops = checkStopEditFast(request, ctx) ?? stopTexts(checkStopEdit(request, ctx));
      }
    } else {
      // A pending order's stops are judged against its target (where it will open).
      const targetText = o.targetPriceText!;
      stops = checkPendingStopEditFast(request, { pricePrecision: instrument.pricePrecision, targetText });
      if (stops === null) {
        const pricePrecision = finer();
        stops =
          checkPendingStopEditFast(request, { pricePrecision, targetText }) ??
          stopTexts(checkPendingStopEdit(request, { pricePrecision, target: targetOf(o)! }));
      }
    }
    // In place: only the stops change, and nothing else holds the order between decisions (an
    // object spread of an order costs more than the rest of the edit).
    o.stopLossText = stops.stopLossText;
    o.takeProfitText = stops.takeProfitText;
    const row = rowOf(o);
    this.restageStops(o, row);
    await this.journal.commit();
    return row;
  }

  /**
   * Money moved for another reason than trading (the wallet, staff adjustments): through the same
   * book and journal, so the engine's figures never go stale. Resolves once durable.
   */
  async move(
    m: Movement,
  ): Promise<
    { ok: true; balanceAfter: Money } | { ok: false; free?: Money; unpriced?: true; deficit?: true }
  > {
    await this.prepare(m.userId);
    this.accountFor(m.userId);
    // An amount beyond what the book holds exactly is refused like an unaffordable one.
    const balanceDelta = microsWithin(m.balanceDelta);
    const lockDelta = m.lockDelta === undefined ? 0 : microsWithin(m.lockDelta);
    const marginDelta = m.marginDelta === undefined ? 0 : microsWithin(m.marginDelta);
    if (balanceDelta === null || lockDelta === null || marginDelta === null) return { ok: false };
    // A staff debit may take only what a withdrawal could (DESIGN §7): with a position losing, the
    // balance alone would let it push the account into a margin call or a stop-out.
    // To the micro-dollar: staff may take a balance's fractions of a cent, a withdrawal may not.
    if (m.notInDeficit && this.book.balance[this.accountFor(m.userId)]! < 0)
      return { ok: false, deficit: true };
    if (m.withinFree && balanceDelta < 0) {
      if (this.hasUnpricedPosition(m.userId)) return { ok: false, unpriced: true };
      const free = this.freeMicros(m.userId);
      // The limit is named to whoever asked (staff see how much they may take).
      if (-balanceDelta > free) return { ok: false, free: moneyOf(free) };
    }
    const r = this.book.move({ ...m, balanceDelta, lockDelta, marginDelta });
    if (!r.ok) return r;
    const fx = new Effects();
    fx.touched.add(m.userId);
    await this.durable(fx);
    return { ok: true, balanceAfter: moneyOf(r.balanceAfter) };
  }

  // ---- ticks ---------------------------------------------------------------------------------

  /**
   * On every quote (DESIGN §4), synchronously: the pending fills and stops whose levels this tick
   * crossed (read from sorted trigger lists up to the first level not crossed), then a float
   * revaluation of the instrument's open positions that flags accounts near the stop-out level for
   * an exact check and stop-out at this quote. What it decided is committed in the next batch.
   */
  onQuote(q: Quote) {
    if (this.recovering || this.journal.isFailed) return;
    let fx: Effects | null = null;
    const t = this.triggers.get(q.instrumentId);
    if (t) {
      const onBid = t.bid.crossed(q.bid);
      const onAsk = t.ask.crossed(q.ask);
      if (onBid.length > 0 || onAsk.length > 0) {
        for (const trig of [...onBid, ...onAsk]) {
          const o = this.live.get(trig.orderId);
          if (!o) continue;
          try {
            fx ??= new Effects();
            if (trig.kind === 'fill') this.fillPending(o, q, fx);
            else this.stopClose(o, q, fx);
          } catch (err) {
            this.deps.log.error({ err, orderId: o.id }, 'trigger failed');
          }
        }
      }
    }
    const table = this.positions.get(q.instrumentId);
    if (table && table.size > 0) {
      // Set.clear() allocates a new table even when empty: on every tick it showed in profiles.
      if (this.suspects.size > 0) this.suspects.clear();
      if (this.revalueTable(table, q, this.suspects) && this.suspects.size > 0) {
        fx ??= new Effects();
        for (const slot of this.suspects) this.stopOutIfDue(this.book.userAt(slot), fx);
      }
    }
    if (fx) this.commitInBackground(fx);
  }

  /**
   * Revalues one instrument's positions at `q` into the accounts' floating totals, adding to
   * `flagged` the slots of accounts now near the stop-out level; false (nothing done) when the
   * instrument's quote currency cannot be converted to USD.
   */
  private revalueTable(table: PositionTable, q: Quote, flagged: Set<number>): boolean {
    const instrument = this.deps.market.instrumentById(q.instrumentId);
    const usdPer = instrument ? this.exact.usdPerUnitF(instrument.quoteCurrency) : Number.NaN;
    if (!Number.isFinite(usdPer)) return false;
    this.book.setScreen(this.screenFactor());
    table.revalue(q.bid, q.ask, usdPer, this.book, flagged);
    return true;
  }

  /**
   * Resolves once every decision made so far is in the database: a tick's closes and fills are
   * committed in the background, and a list read from the order tables in between showed a closed
   * position as still holding (with no live price). A failed batch resolves too: the engine then
   * rebuilds from the database, which is what the reader sees.
   */
  async committedSoFar(): Promise<void> {
    await this.journal.commit().catch(() => undefined);
  }

  /** Commits what a decision nobody awaits staged (a tick, a rebuild), then tells the sockets. */
  private commitInBackground(fx: Effects) {
    if (fx.empty) return;
    this.journal.commit().then(
      () => this.publish(fx),
      () => undefined, // the journal's failure handler already rebuilds and logs
    );
  }

  private stopClose(o: LiveOrder, q: Quote, fx: Effects) {
    if (o.status !== 1) return;
    const pq = this.exact.priced(this.instrumentOf(o), q);
    const hit = stopTriggeredExact(o.side, stopLossOf(o), takeProfitOf(o), pq);
    if (hit) this.settle(o, q, hit, fx);
  }

  /**
   * A triggered pending order opens at this tick's price. After a gap the margin and fee are
   * recomputed at the fill price and the difference settled; an account that cannot cover it has
   * the order cancelled with that reason instead (DESIGN §4).
   */
  private fillPending(o: LiveOrder, q: Quote, fx: Effects) {
    const target = targetOf(o);
    if (o.status !== 0 || !o.pendingKind || target === null) return;
    const instrument = this.instrumentOf(o);
    // A hidden instrument opens nothing new, a fill included: the order waits, its trigger stays.
    if (!this.takesOrders(instrument)) return;
    const pq = this.exact.priced(instrument, q);
    if (!pendingTriggeredExact(o.pendingKind, target, pq)) return;
    const fillPrice = pendingFillPriceExact(o.pendingKind, pq);
    // Filled at its own target: the margin and fee reserved when it was placed stand (DESIGN §4
    // recomputes them after a gap only; a conversion rate that moved since is not a gap).
    const slot = this.accountFor(o.userId);
    // A fill that would put the account at the stop-out level at once (the position's opening
    // spread on top of its losses) cancels the order, margin and fee returned, as a new order is
    // refused. Decided exactly (no float screen): this tick revalues the positions after its fills.
    if (compareScaled(fillPrice, target) === 0) {
      if (this.wouldStopOut(o.userId, slot, 0, 0, openingOf(o, instrument, fillPrice, pq), false)) {
        this.cancelPending(o, 'fill_stop_out', fx);
        return;
      }
      this.openFilled(o, q, pq, fillPrice, o.margin, o.fee, fx);
      return;
    }
    const lots = lotsOf(o);
    const marginR = marginExact(
      {
        contractSize: o.contractSize,
        marginMode: o.marginMode,
        baseCurrency: instrument.baseCurrency,
        quoteCurrency: instrument.quoteCurrency,
      },
      lots,
      fillPrice,
      o.leverage,
      this.freshRates,
    );
    // No USD rate now (a stale conversion pair): the order waits, its trigger stays.
    if (!marginR.ok) return;
    const marginBig = marginR.value.micros;
    const margin = safeNumber(marginBig);
    const fee = safeNumber(feeExact(o.feeType, o.feeRate, lots, { n: marginBig, s: LEDGER_SCALE }));
    const extra = addMicros(addMicros(margin, -o.margin), addMicros(fee, -o.fee));
    // Only money the fill takes needs covering; money it gives back never cancels it.
    if (extra > 0 && extra > this.book.balance[slot]!) {
      this.cancelPending(o, 'gap_unfunded', fx);
      return;
    }
    const marginAdd = addMicros(margin, -o.margin);
    const feeAdd = addMicros(fee, -o.fee);
    if (
      this.wouldStopOut(o.userId, slot, marginAdd, feeAdd, openingOf(o, instrument, fillPrice, pq), false)
    ) {
      this.cancelPending(o, 'fill_stop_out', fx);
      return;
    }
    // The margin's and the fee's differences as entries of their own (the fee is always its own
    // entry, DESIGN §4); the one giving money back first, so each step is covered on its own.
    const memo = `order ${o.id} filled at ${text(fillPrice)}`;
    const marginMove: MicroMovement = {
      userId: o.userId,
      type: LEDGER_TYPE.FILL_MARGIN_ADJUSTMENT,
      balanceDelta: addMicros(o.margin, -margin),
      marginDelta: addMicros(margin, -o.margin),
      memo,
      idempotencyKey: `fill-adjust:${o.id}`,
    };
    const feeMove: MicroMovement = {
      userId: o.userId,
      type: LEDGER_TYPE.TRADE_FEE,
      balanceDelta: addMicros(o.fee, -fee),
      memo,
      idempotencyKey: `fill-fee:${o.id}`,
    };
    const moves =
      marginMove.balanceDelta >= feeMove.balanceDelta ? [marginMove, feeMove] : [feeMove, marginMove];
    for (const m of moves) if (m.balanceDelta !== 0) this.mustMove(m);
    this.openFilled(o, q, pq, fillPrice, margin, fee, fx);
  }

  /** The pending order `o` as an open position at `fillPrice`, holding `margin` and `fee`. */
  private openFilled(
    o: LiveOrder,
    q: Quote,
    pq: PricedQuote,
    fillPrice: Scaled,
    margin: number,
    fee: number,
    fx: Effects,
  ) {
    const next: LiveOrder = {
      ...o,
      status: 1,
      pendingKind: null,
      openPriceText: text(fillPrice),
      openBid: pq.bidText,
      openAsk: pq.askText,
      openQuoteTime: pq.time,
      openQuoteSeq: q.seq,
      margin,
      fee,
      marginText: margin === o.margin ? o.marginText : microText(margin),
      feeText: fee === o.fee ? o.feeText : microText(fee),
      openedAtMs: this.deps.now(),
      // A new object: the pending order's index links go with it when it is unindexed.
      triggerSlot: -1,
      triggerIndex: null,
      triggerDirections: 0,
      positionSlot: -1,
      prevOfUser: null,
      nextOfUser: null,
    };
    this.stage(o, next, rowOf(next));
    fx.touched.add(o.userId);
    // A gap can fill the order beyond its own stop loss (or take profit): the new position's
    // triggers were not in this tick's crossed set, so its stops are judged at this tick now.
    this.stopClose(next, q, fx);
  }

  /**
   * Stop-out (DESIGN §3), exact: when the account's risk rate is at or below the level, close the
   * largest loss and repeat, at the latest quotes.
   */
  private stopOutIfDue(userId: number, fx: Effects) {
    const slot = this.book.slotOf(userId);
    if (slot === undefined) return;
    const positions = this.liveOrdersOf(userId).filter((o) => o.status === 1);
    if (positions.length === 0) return;
    const rates = this.rates();
    let floating = 0;
    const closable: Array<{ id: number; margin: Money; profit: Money }> = [];
    for (const o of positions) {
      const profit = this.floatingMicros(o, rates) ?? 0;
      floating = addMicros(floating, profit);
      // No fill on a stale price (DESIGN §4): a position whose market is closed or has not ticked
      // within its interval (just restarted) counts in the equity but is not closed until its market
      // trades again; meanwhile the largest loss that can be priced goes first.
      if (this.freshQuoteOf(o.instrumentId))
        closable.push({ id: o.id, margin: moneyOf(o.margin), profit: moneyOf(profit) });
    }
    const victims = planStopOut(
      {
        balance: moneyOf(this.book.balance[slot]!),
        margin: moneyOf(this.book.margin[slot]!),
        floatingProfit: moneyOf(floating),
      },
      closable,
      this.riskLevels(),
    );
    for (const id of victims) {
      const o = this.live.get(id);
      const q = o && this.deps.market.latest(o.instrumentId);
      if (o?.status === 1 && q) {
        try {
          this.settle(o, q, 'stop_out', fx);
        } catch (err) {
          this.deps.log.error({ err, orderId: id }, 'stop-out close failed');
        }
      }
    }
  }

  /** The exact stop-out check for one account (the monitor's backstop; tests). */
  async checkStopOut(userId: number) {
    await this.prepare(userId);
    this.accountFor(userId);
    const fx = new Effects();
    this.stopOutIfDue(userId, fx);
    if (!fx.empty) await this.durable(fx);
  }

  /**
   * Demo reset (DESIGN §6): every position closed and every pending order cancelled at the latest
   * quotes, then one entry brings the balance back to the starting amount; one batch.
   */
  async resetDemo(userId: number, startBalance: Money): Promise<void> {
    await this.prepare(userId);
    this.accountFor(userId);
    const start = micros(startBalance); // before anything is closed: a bad setting changes nothing
    const orders = this.liveOrdersOf(userId);
    // All or nothing: every position must be priceable before the first one is closed.
    for (const o of orders) {
      if (o.status === 1 && !this.deps.market.latest(o.instrumentId))
        throw new AppError('ORDER_PRICE_UNAVAILABLE');
      if (o.status === 1 && this.floatingMicros(o) === null)
        throw new AppError('ORDER_CONVERSION_UNAVAILABLE');
    }
    const fx = new Effects();
    // Pending orders first (their reserves back), then the positions.
    for (const o of orders) if (o.status === 0) this.cancelPending(o, 'demo_reset', fx);
    for (const o of orders)
      if (o.status === 1) this.settle(o, this.deps.market.latest(o.instrumentId)!, 'demo_reset', fx);
    const delta = addMicros(start, -this.book.balance[this.accountFor(userId)]!);
    if (delta !== 0)
      this.mustMove({ userId, type: LEDGER_TYPE.DEMO_RESET, balanceDelta: delta, memo: 'demo reset' });
    fx.touched.add(userId);
    await this.durable(fx);
  }

  // ---- wallet --------------------------------------------------------------------------------

  /**
   * What the user may withdraw now (DESIGN §7): the balance, less any floating loss of open
   * positions (so equity stays at or above the margin they hold), never below 0; whole cents down.
   */
  private withdrawable(userId: number): number {
    const free = this.freeMicros(userId);
    return free - (free % 10_000);
  }

  /**
   * Whether an open position has no price (no quote since a restart, no conversion rate), or, with a
   * price feed that can be away (`pricedNow`), only one the feed does not vouch for while its market
   * is open (the feed away, not back since a restart, a print waiting): it may be losing any amount,
   * so no money leaves the account until every position can be valued. A closed market's last price
   * is its price (the weekend values positions at Friday's close).
   */
  private hasUnpricedPosition(userId: number): boolean {
    const market = this.deps.market;
    return this.liveOrdersOf(userId).some(
      (o) =>
        o.status === 1 &&
        (this.floatingMicros(o) === null ||
          (market.pricedNow !== undefined &&
            market.status(o.instrumentId) === 1 &&
            !market.pricedNow(o.instrumentId))),
    );
  }

  /** The balance less any floating loss of open positions, never below 0 (to the micro-dollar). */
  private freeMicros(userId: number): number {
    const balance = this.book.balance[this.accountFor(userId)]!;
    const floating = this.floatingOf(userId, this.rates());
    const free = addMicros(balance, floating < 0 ? floating : 0);
    return free <= 0 ? 0 : free;
  }

  /**
   * A withdrawal request: the amount moves from balance to frozen at once, decided in the same
   * synchronous step as orders, so a withdrawal and an order can never both spend the same money.
   */
  async freezeForWithdrawal(
    userId: number,
    amount: Money,
    withdrawalId: number,
  ): Promise<{ ok: true } | { ok: false; free: Money } | { ok: false; unpriced: true }> {
    await this.prepare(userId);
    if (this.hasUnpricedPosition(userId)) return { ok: false, unpriced: true };
    const free = this.withdrawable(userId);
    const wanted = microsWithin(amount) ?? Number.POSITIVE_INFINITY; // beyond exact: more than anyone holds
    if (wanted > free) return { ok: false, free: moneyOf(free) };
    this.mustMove({
      userId,
      type: LEDGER_TYPE.WITHDRAWAL_FREEZE,
      balanceDelta: -wanted,
      lockDelta: wanted,
      memo: `withdrawal ${withdrawalId}`,
      idempotencyKey: `withdraw-freeze:${withdrawalId}`,
    });
    const fx = new Effects();
    fx.touched.add(userId);
    await this.durable(fx);
    return { ok: true };
  }

  // ---- back office ---------------------------------------------------------------------------

  /**
   * Compliance freezes or unfreezes trading (the stored flag is written by the caller first). Waits
   * out a recovery however long it lasts: the stored flag is already written, and a rebuild that
   * read the account before it would otherwise leave the account trading.
   */
  async setTradingFrozen(userId: number, frozen: boolean) {
    await this.prepare(userId, Number.POSITIVE_INFINITY);
    this.book.frozen[this.accountFor(userId)] = frozen ? 1 : 0;
  }

  /**
   * The house closes a position (at the latest quote, even while the market is closed: a dealer's
   * deliberate act, unlike a stop-out) or cancels a pending order; recorded with reason 'admin'.
   */
  async adminClose(orderId: number): Promise<OrderRow> {
    await this.settled(); // mid-rebuild the order would not be found yet
    const o = this.live.get(orderId);
    if (!o) throw new AppError('ORDER_NOT_FOUND');
    await this.prepare(o.userId);
    this.accountFor(o.userId);
    const now = this.live.get(orderId);
    if (!now) throw new AppError('ORDER_NOT_FOUND');
    const fx = new Effects();
    let row: OrderRow;
    if (now.status === 0) row = this.cancelPending(now, 'admin', fx);
    else {
      const q = this.deps.market.latest(now.instrumentId);
      if (!q) throw new AppError('ORDER_PRICE_UNAVAILABLE');
      row = this.settle(now, q, 'admin', fx);
    }
    await this.durable(fx);
    return row;
  }

  /**
   * Resolves once memory holds the database's live orders: a rebuild after a failed write empties
   * it first, so reads that must not see an empty book (staff lists, exposure) wait for this.
   */
  async settled(): Promise<void> {
    while (this.recovering) await this.recovering;
  }

  /** Whether an order belongs to a demo account (virtual money: not the broker's book). */
  private isDemoOrder(o: LiveOrder): boolean {
    const slot = this.book.slotOf(o.userId);
    return slot !== undefined && this.book.demo[slot] === 1;
  }

  /** How many positions are open and orders pending on real accounts (dashboard), without listing them. */
  liveCounts() {
    let open = 0;
    let pending = 0;
    for (const o of this.live.values()) {
      if (this.isDemoOrder(o)) continue;
      if (o.status === 1) open++;
      else pending++;
    }
    return { open, pending };
  }

  /** Every live order (positions monitor), optionally filtered. */
  allLive(filter: { status?: 0 | 1; userId?: number; instrumentId?: number } = {}): LiveOrder[] {
    const orders = filter.userId !== undefined ? this.liveOrdersOf(filter.userId) : this.live.values();
    const out: LiveOrder[] = [];
    for (const o of orders) {
      if (filter.status !== undefined && o.status !== filter.status) continue;
      if (filter.instrumentId !== undefined && o.instrumentId !== filter.instrumentId) continue;
      out.push(o);
    }
    return out.sort((a, b) => b.id - a.id);
  }

  /**
   * What new risk levels would touch now (the back office's confirmation before saving them): the
   * accounts holding positions whose risk rate (DESIGN §3) is at or below each level, real and demo
   * apart, and the positions of those at the stop-out level. Read at the latest marks, in floats:
   * a preview, not a decision (the engine decides exactly on the next tick).
   */
  riskImpact(levels: { stopOut: number; marginCall: number }) {
    const rates = this.rates();
    const holders = new Map<number, { positions: number; demo: boolean }>();
    for (const o of this.live.values()) {
      if (o.status !== 1) continue;
      const h = holders.get(o.userId);
      if (h) h.positions++;
      else holders.set(o.userId, { positions: 1, demo: this.isDemoOrder(o) });
    }
    const out = {
      stopOut: { accounts: 0, demoAccounts: 0, positions: 0 },
      marginCall: { accounts: 0, demoAccounts: 0 },
    };
    for (const [userId, h] of holders) {
      const slot = this.book.slotOf(userId);
      if (slot === undefined) continue;
      const margin = this.book.margin[slot]!;
      if (margin <= 0) continue;
      const equity = this.book.balance[slot]! + margin + this.floatingOf(userId, rates);
      const riskRate = (equity / margin) * 100;
      if (riskRate <= levels.marginCall) out.marginCall[h.demo ? 'demoAccounts' : 'accounts']++;
      if (riskRate <= levels.stopOut) {
        out.stopOut[h.demo ? 'demoAccounts' : 'accounts']++;
        out.stopOut.positions += h.positions;
      }
    }
    return out;
  }

  /**
   * The broker's exposure per instrument (the house is every trader's counterparty): traders' net
   * lots, their net notional in USD at the mid, and the house's floating profit (minus theirs). Real
   * accounts only: a demo account's positions are virtual money no one hedges (DESIGN §6).
   */
  exposure() {
    const rates = this.rates();
    // The house's total over every account can pass what a Number holds exactly: BigInt here.
    const per = new Map<number, { lots: Scaled; units: Money; floating: bigint; positions: number }>();
    for (const o of this.live.values()) {
      if (o.status !== 1 || this.isDemoOrder(o)) continue;
      const e = getOrCreate(per, o.instrumentId, () => ({
        lots: ZERO_LOTS,
        units: money('0'),
        floating: 0n,
        positions: 0,
      }));
      const lots = lotsOf(o);
      e.lots = addScaled(e.lots, o.side === 'buy' ? lots : { n: -lots.n, s: lots.s });
      // Each position at its own contract size (its terms stay with it when staff change them).
      const units = money(o.quantityText).times(money(o.contractSizeText));
      e.units = o.side === 'buy' ? e.units.plus(units) : e.units.minus(units);
      e.floating += BigInt(this.floatingMicros(o, rates) ?? 0);
      e.positions++;
    }
    const out = [];
    for (const [instrumentId, e] of per) {
      const instrument = this.deps.market.instrumentById(instrumentId);
      const q = this.deps.market.latest(instrumentId);
      const lots = money(text(e.lots));
      let notional = money('0');
      if (instrument && q) {
        const usdPer = this.exact.usdPerUnitF(instrument.quoteCurrency);
        const inQuote = e.units.times(money(q.mid.toFixed(instrument.pricePrecision + 1)));
        notional = Number.isFinite(usdPer) ? inQuote.times(money(usdPer.toFixed(10))) : money('0');
      }
      out.push({
        instrumentId,
        code: instrument?.code ?? String(instrumentId),
        netLots: lots.toFixed(),
        notionalUsd: notional.toDecimalPlaces(2).toFixed(2),
        houseFloatingUsd: toCents(money(formatScaled(-e.floating, LEDGER_SCALE))),
        positions: e.positions,
      });
    }
    return out.sort((a, b) => a.code.localeCompare(b.code));
  }

  /** Resolves when everything decided so far is durable (shutdown, tests). */
  async idle() {
    if (this.recovering) await this.recovering;
    await this.journal.idle();
  }

  async findOwned(userId: number, orderId: number) {
    const row = await findOrder(this.deps.db, orderId);
    if (!row || row.userId !== userId) throw new AppError('ORDER_NOT_FOUND');
    return row;
  }
}
