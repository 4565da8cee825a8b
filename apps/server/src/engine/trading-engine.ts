import {
  checkStopSides,
  classifyPending,
  closePriceOf,
  computeFee,
  computeMargin,
  type InstrumentTerms,
  LEDGER_TYPE,
  type Money,
  markToMarket,
  money,
  type PendingKind,
  pendingFillPrice,
  pendingTriggered,
  planStopOut,
  quoteFromFeed,
  type RateSource,
  rateSourceFromQuotes,
  stopTriggered,
  type TradeQuote,
  validateNewOrder,
  validateStopEdit,
} from '@meridian/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import type { Quote } from '../market/types.ts';
import { moveMoney } from '../modules/ledger/move-money.ts';
import type { InstrumentRecord } from '../modules/market/market-runtime.ts';
import { AccountQueue } from './account-queue.ts';
import { type LiveOrder, liveOrderFromRow } from './live-order.ts';
import {
  findOrder,
  insertOrder,
  loadLiveOrders,
  type OrderRow,
  transitionOrder,
} from './order.repository.ts';
import { TriggerIndex } from './trigger-index.ts';

export type CloseReason = 'user' | 'stop_loss' | 'take_profit' | 'stop_out' | 'demo_reset' | 'admin';

export interface EngineMarket {
  instrumentById(id: number): InstrumentRecord | undefined;
  instruments(): readonly InstrumentRecord[];
  latest(id: number): Quote | undefined;
  status(id: number): 0 | 1;
  /** How old a quote may be and still price an order (a few of the instrument's tick intervals). */
  maxQuoteAgeMs(id: number): number;
}

export interface EngineSettings {
  feeType(): Promise<number>;
  stopOutLevel(): Promise<string>;
  marginCallLevel(): Promise<string>;
}

export interface EngineEvents {
  /** Orders that ended (closed, cancelled): FOREX_CLOSED for their owner. */
  ordersEnded(userId: number, ids: number[]): void;
  /** Something about the user's positions changed: recompute and push FOREX_TRADE. */
  accountTouched(userId: number): void;
}

export interface EngineDeps {
  db: Db;
  now: () => number;
  market: EngineMarket;
  settings: EngineSettings;
  events: EngineEvents;
  log: FastifyBaseLogger;
}

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

export const termsOf = (r: InstrumentRecord): InstrumentTerms => ({
  code: r.code,
  baseCurrency: r.baseCurrency,
  quoteCurrency: r.quoteCurrency,
  contractSize: r.contractSize,
  lotStep: r.lotStep,
  minLots: r.minLots,
  feeRate: r.feeRate,
  marginMode: r.marginMode,
  leverageOptions: r.leverageOptions,
  pricePrecision: r.pricePrecision,
  maxLotsPerOrder: r.maxLotsPerOrder,
  maxOpenLots: r.maxOpenLots,
});

function getOrCreate<K, V>(map: Map<K, V>, key: K, create: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = create();
    map.set(key, value);
  }
  return value;
}

const sideCode = (side: 'buy' | 'sell') => (side === 'buy' ? 1 : 2);
const orNone = (m: Money | null) => (m === null ? '0' : m.toFixed());

/**
 * The trading engine (DESIGN §4). Pending orders and open positions live in memory, indexed by
 * instrument and trigger price; every change is committed to the database (order row and ledger
 * entries in one transaction) before memory changes and before the caller hears of it; commands for
 * one account run one at a time; the engine rebuilds itself from the database at start.
 */
export class TradingEngine {
  private readonly live = new Map<number, LiveOrder>();
  private readonly byUser = new Map<number, Set<number>>();
  private readonly byInstrument = new Map<number, Set<number>>();
  /** Per instrument: triggers on the bid and on the ask. */
  private readonly triggers = new Map<number, { bid: TriggerIndex; ask: TriggerIndex }>();
  private readonly queue = new AccountQueue();
  /** Orders with an action queued from a tick, so one crossing is acted on once. */
  private readonly inFlight = new Set<number>();

  constructor(private readonly deps: EngineDeps) {}

  /** Loads every pending order and open position from the database (start-up). */
  async rebuild() {
    const rows = await loadLiveOrders(this.deps.db);
    for (const row of rows) {
      const instrument = this.deps.market.instrumentById(row.instrumentId);
      const kind = row.status === 0 && row.targetPrice ? this.pendingKindFor(row, instrument) : null;
      this.index(liveOrderFromRow(row, kind));
    }
    return rows.length;
  }

  private pendingKindFor(row: OrderRow, instrument: InstrumentRecord | undefined): PendingKind | null {
    // The kind was decided against the market when placed; it is recoverable from the quote it was
    // placed against: a buy target below that ask is a limit, above it a stop.
    const side = row.side === 1 ? 'buy' : 'sell';
    if (!row.openAsk || !row.openBid || !instrument) return null;
    return classifyPending(side, row.targetPrice!, { bid: row.openBid, ask: row.openAsk });
  }

  // ---- memory ------------------------------------------------------------------------------

  private index(o: LiveOrder) {
    this.live.set(o.id, o);
    getOrCreate(this.byUser, o.userId, () => new Set<number>()).add(o.id);
    getOrCreate(this.byInstrument, o.instrumentId, () => new Set<number>()).add(o.id);
    const t = getOrCreate(this.triggers, o.instrumentId, () => ({
      bid: new TriggerIndex(),
      ask: new TriggerIndex(),
    }));
    if (o.status === 0 && o.pendingKind && o.targetPrice) {
      const level = Number(o.targetPrice);
      // buy orders fill on the ask, sell orders on the bid; limits wait below/above, stops beyond.
      const onAsk = o.pendingKind.startsWith('buy');
      const direction = o.pendingKind === 'buy_limit' || o.pendingKind === 'sell_stop' ? 'below' : 'above';
      (onAsk ? t.ask : t.bid).add(direction, { orderId: o.id, level, kind: 'fill' });
    }
    // Stops of a position (and of a pending order, once it fills) are checked on the close side.
    if (o.status === 1) {
      const closeSide = o.side === 'buy' ? t.bid : t.ask;
      if (o.stopLoss)
        closeSide.add(o.side === 'buy' ? 'below' : 'above', {
          orderId: o.id,
          level: Number(o.stopLoss),
          kind: 'stop_loss',
        });
      if (o.takeProfit)
        closeSide.add(o.side === 'buy' ? 'above' : 'below', {
          orderId: o.id,
          level: Number(o.takeProfit),
          kind: 'take_profit',
        });
    }
  }

  private unindex(id: number) {
    const o = this.live.get(id);
    if (!o) return;
    this.live.delete(id);
    this.byUser.get(o.userId)?.delete(id);
    this.byInstrument.get(o.instrumentId)?.delete(id);
    const t = this.triggers.get(o.instrumentId);
    t?.bid.remove(id);
    t?.ask.remove(id);
  }

  liveOrdersOf(userId: number): LiveOrder[] {
    return [...(this.byUser.get(userId) ?? [])].map((id) => this.live.get(id)!).filter(Boolean);
  }

  usersWithPositionsIn(instrumentId: number): Set<number> {
    const users = new Set<number>();
    for (const id of this.byInstrument.get(instrumentId) ?? []) {
      const o = this.live.get(id);
      if (o?.status === 1) users.add(o.userId);
    }
    return users;
  }

  get liveCount() {
    return this.live.size;
  }

  // ---- prices --------------------------------------------------------------------------------

  rates(): RateSource {
    const pairs = [];
    for (const r of this.deps.market.instruments()) {
      const q = this.deps.market.latest(r.id);
      if (q)
        pairs.push({
          baseCurrency: r.baseCurrency,
          quoteCurrency: r.quoteCurrency,
          bid: money(q.bid.toFixed(r.pricePrecision)),
          ask: money(q.ask.toFixed(r.pricePrecision)),
        });
    }
    return rateSourceFromQuotes(pairs);
  }

  private tradeQuote(instrument: InstrumentRecord, q: Quote | undefined): TradeQuote | null {
    return q ? quoteFromFeed(q, instrument.pricePrecision) : null;
  }

  /** Floating profit of a position at the latest quote (USD, exact); null when it cannot be priced. */
  floatingProfit(o: LiveOrder, rates: RateSource = this.rates()): Money | null {
    if (o.status !== 1 || !o.openPrice) return null;
    const instrument = this.deps.market.instrumentById(o.instrumentId);
    const q = instrument && this.tradeQuote(instrument, this.deps.market.latest(o.instrumentId));
    if (!instrument || !q) return null;
    const r = markToMarket(
      {
        terms: { contractSize: o.contractSize, quoteCurrency: instrument.quoteCurrency },
        side: o.side,
        openPrice: o.openPrice,
        quantity: o.quantity,
      },
      q,
      rates,
    );
    return r.ok ? r.value.usd : null;
  }

  currentClosePrice(o: LiveOrder): number {
    const q = this.deps.market.latest(o.instrumentId);
    if (!q) return 0;
    return o.side === 'buy' ? q.bid : q.ask;
  }

  // ---- commands ------------------------------------------------------------------------------

  submit(userId: number, balance: () => Promise<string>, req: SubmitRequest): Promise<OrderRow> {
    return this.queue.run(userId, async () => {
      const instrument = this.deps.market.instrumentById(req.instrumentId);
      if (!instrument) throw new AppError('INSTRUMENT_NOT_FOUND');
      const nowMs = this.deps.now();
      const quote = this.tradeQuote(instrument, this.deps.market.latest(instrument.id));
      const openLots = this.liveOrdersOf(userId)
        .filter((o) => o.instrumentId === instrument.id)
        .reduce((acc, o) => acc.plus(money(o.quantity)), money('0'));
      const feeType = await this.deps.settings.feeType();
      const checked = validateNewOrder(
        {
          side: req.side,
          kind: req.kind,
          quantity: req.quantity === '0' ? '' : req.quantity,
          leverage: req.leverage || null,
          targetPrice: req.targetPrice === '0' ? '' : req.targetPrice,
          stopLoss: req.stopLoss,
          takeProfit: req.takeProfit,
        },
        {
          terms: termsOf(instrument),
          marketOpen: this.deps.market.status(instrument.id) === 1,
          quote,
          nowMs,
          maxQuoteAgeMs: this.deps.market.maxQuoteAgeMs(instrument.id),
          availableBalance: await balance(),
          feeType,
          rates: this.rates(),
          openLots,
        },
      );
      if (!checked.ok) throw new AppError(checked.error.code);
      const a = checked.value;
      const isMarket = a.kind === 'market';
      const row = await this.deps.db.transaction(async (tx) => {
        const order = await insertOrder(tx, {
          userId,
          instrumentId: instrument.id,
          side: sideCode(a.side),
          status: isMarket ? 1 : 0,
          quantity: a.quantity.toFixed(),
          leverage: a.leverage,
          contractSize: instrument.contractSize,
          marginMode: instrument.marginMode,
          feeRate: instrument.feeRate,
          feeType,
          targetPrice: isMarket ? null : a.price.toFixed(),
          openPrice: isMarket ? a.price.toFixed() : null,
          openBid: money(quote!.bid).toFixed(),
          openAsk: money(quote!.ask).toFixed(),
          openQuoteTime: new Date(quote!.timeMs),
          openQuoteSeq: this.deps.market.latest(instrument.id)?.seq ?? null,
          stopLoss: orNone(a.stopLoss),
          takeProfit: orNone(a.takeProfit),
          margin: a.margin.toFixed(),
          fee: a.fee.toFixed(),
          createdAt: new Date(nowMs),
          openedAt: isMarket ? new Date(nowMs) : null,
        });
        await this.hold(tx, userId, order.id, a.margin, a.fee);
        return order;
      });
      this.index(liveOrderFromRow(row, a.pendingKind));
      this.deps.events.accountTouched(userId);
      return row;
    });
  }

  /** Margin out of balance into margin, then the fee: two ledger entries, all or nothing. */
  private async hold(tx: DbOrTx, userId: number, orderId: number, margin: Money, fee: Money) {
    const m = await moveMoney(tx, {
      userId,
      type: LEDGER_TYPE.MARGIN_HOLD,
      balanceDelta: margin.negated().toFixed(),
      marginDelta: margin.toFixed(),
      memo: `order ${orderId}`,
      idempotencyKey: `margin-hold:${orderId}`,
    });
    if (!m.ok) throw new AppError('RISK_INSUFFICIENT_MARGIN');
    if (fee.gt(0)) {
      const f = await moveMoney(tx, {
        userId,
        type: LEDGER_TYPE.TRADE_FEE,
        balanceDelta: fee.negated().toFixed(),
        memo: `order ${orderId}`,
        idempotencyKey: `fee:${orderId}`,
      });
      if (!f.ok) throw new AppError('RISK_INSUFFICIENT_MARGIN');
    }
  }

  private async owned(userId: number, orderId: number, status: 0 | 1): Promise<LiveOrder> {
    const o = this.live.get(orderId);
    const wrongState = new AppError(status === 1 ? 'ORDER_NOT_HOLDING' : 'ORDER_NOT_PENDING');
    if (o?.userId === userId) {
      if (o.status !== status) throw wrongState;
      return o;
    }
    // Not live: the user's own finished order is 'not holding/pending'; another user's id answers
    // exactly like a missing one, so nothing is revealed.
    const row = o ? null : await findOrder(this.deps.db, orderId);
    if (row && row.userId === userId) throw wrongState;
    throw new AppError('ORDER_NOT_FOUND');
  }

  /** A user closing a position: refused while the market is closed (DESIGN §4), never queued. */
  close(userId: number, orderId: number, reason: CloseReason = 'user'): Promise<OrderRow> {
    return this.queue.run(userId, async () => {
      const o = await this.owned(userId, orderId, 1);
      if (reason === 'user' && this.deps.market.status(o.instrumentId) !== 1)
        throw new AppError('ORDER_MARKET_CLOSED');
      const q = this.deps.market.latest(o.instrumentId);
      if (!q) throw new AppError('ORDER_PRICE_UNAVAILABLE');
      return this.settle(o, q, reason);
    });
  }

  /** Closes a position at a quote: margin back plus profit, negative balance protection after. */
  private async settle(o: LiveOrder, q: Quote, reason: CloseReason): Promise<OrderRow> {
    const instrument = this.deps.market.instrumentById(o.instrumentId)!;
    const tq = quoteFromFeed(q, instrument.pricePrecision);
    const closePrice = closePriceOf(o.side, tq);
    const profitResult = markToMarket(
      {
        terms: { contractSize: o.contractSize, quoteCurrency: instrument.quoteCurrency },
        side: o.side,
        openPrice: o.openPrice!,
        quantity: o.quantity,
      },
      tq,
      this.rates(),
    );
    if (!profitResult.ok) throw new AppError('ORDER_CONVERSION_UNAVAILABLE');
    const profit = profitResult.value.usd;
    const nowMs = this.deps.now();
    const row = await this.deps.db.transaction(async (tx) => {
      const closed = await transitionOrder(tx, o.id, 1, {
        status: 3,
        closePrice: closePrice.toFixed(),
        closeBid: money(tq.bid).toFixed(),
        closeAsk: money(tq.ask).toFixed(),
        closeQuoteTime: new Date(tq.timeMs),
        closeQuoteSeq: q.seq,
        closeReason: reason,
        realisedProfit: profit.toFixed(),
        closedAt: new Date(nowMs),
      });
      if (!closed) throw new AppError('ORDER_NOT_HOLDING');
      await this.release(tx, o.userId, o.id, money(o.margin), profit, LEDGER_TYPE.POSITION_SETTLE);
      return closed;
    });
    this.unindex(o.id);
    this.deps.events.ordersEnded(o.userId, [o.id]);
    this.deps.events.accountTouched(o.userId);
    return row;
  }

  /**
   * Margin back to balance with a profit (or loss). A loss larger than the balance can hold leaves
   * the balance negative for one entry; negative balance protection (DESIGN §3) then resets it to
   * zero with an entry of its own, in the same transaction.
   */
  private async release(
    tx: DbOrTx,
    userId: number,
    orderId: number,
    margin: Money,
    profit: Money,
    type: typeof LEDGER_TYPE.POSITION_SETTLE,
  ) {
    const settled = await moveMoney(tx, {
      userId,
      type,
      balanceDelta: margin.plus(profit).toFixed(),
      marginDelta: margin.negated().toFixed(),
      memo: `order ${orderId}`,
      idempotencyKey: `settle:${orderId}`,
      allowNegativeBalance: true,
    });
    if (!settled.ok) throw new Error(`settle of order ${orderId} refused`);
    if (money(settled.balanceAfter).isNegative()) {
      await moveMoney(tx, {
        userId,
        type: LEDGER_TYPE.NEGATIVE_BALANCE_RESET,
        balanceDelta: money(settled.balanceAfter).negated().toFixed(),
        memo: `order ${orderId}`,
        idempotencyKey: `nbp:${orderId}`,
      });
    }
  }

  cancel(userId: number, orderId: number): Promise<OrderRow> {
    return this.queue.run(userId, async () => {
      const o = await this.owned(userId, orderId, 0);
      return this.cancelPending(o, 'cancelled');
    });
  }

  private async cancelPending(o: LiveOrder, reason: string): Promise<OrderRow> {
    const row = await this.deps.db.transaction(async (tx) => {
      const cancelled = await transitionOrder(tx, o.id, 0, {
        status: 4,
        closeReason: reason,
        closedAt: new Date(this.deps.now()),
      });
      if (!cancelled) throw new AppError('ORDER_NOT_PENDING');
      const back = await moveMoney(tx, {
        userId: o.userId,
        type: LEDGER_TYPE.POSITION_SETTLE,
        balanceDelta: money(o.margin).plus(money(o.fee)).toFixed(),
        marginDelta: money(o.margin).negated().toFixed(),
        memo: `order ${o.id} cancelled`,
        idempotencyKey: `cancel:${o.id}`,
      });
      if (!back.ok) throw new Error(`release of order ${o.id} refused`);
      return cancelled;
    });
    this.unindex(o.id);
    this.deps.events.ordersEnded(o.userId, [o.id]);
    this.deps.events.accountTouched(o.userId);
    return row;
  }

  setStops(userId: number, orderId: number, stopLoss: string, takeProfit: string): Promise<OrderRow> {
    return this.queue.run(userId, async () => {
      const o = this.live.get(orderId);
      if (!o || o.userId !== userId) throw new AppError('ORDER_NOT_FOUND');
      const instrument = this.deps.market.instrumentById(o.instrumentId)!;
      let sl: Money | null;
      let tp: Money | null;
      if (o.status === 1) {
        const checked = validateStopEdit(
          { side: o.side, stopLoss, takeProfit },
          {
            pricePrecision: instrument.pricePrecision,
            marketOpen: this.deps.market.status(o.instrumentId) === 1,
            quote: this.tradeQuote(instrument, this.deps.market.latest(o.instrumentId)),
            nowMs: this.deps.now(),
            maxQuoteAgeMs: this.deps.market.maxQuoteAgeMs(o.instrumentId),
          },
        );
        if (!checked.ok) throw new AppError(checked.error.code);
        ({ stopLoss: sl, takeProfit: tp } = checked.value);
      } else {
        // A pending order's stops are judged against its target (where it will open).
        sl = Number(stopLoss) > 0 ? money(stopLoss) : null;
        tp = Number(takeProfit) > 0 ? money(takeProfit) : null;
        const wrong = checkStopSides(o.side, o.targetPrice!, sl, tp);
        if (wrong) throw new AppError(wrong);
      }
      const row = await transitionOrder(this.deps.db, o.id, o.status, {
        stopLoss: orNone(sl),
        takeProfit: orNone(tp),
      });
      if (!row) throw new AppError('ORDER_NOT_FOUND');
      this.unindex(o.id);
      this.index({ ...o, stopLoss: sl?.toFixed() ?? null, takeProfit: tp?.toFixed() ?? null });
      return row;
    });
  }

  // ---- ticks ---------------------------------------------------------------------------------

  /**
   * On every quote: pending fills and stops whose level this tick crossed are queued on their
   * account, each re-checked against this same quote when its turn comes (DESIGN §4: decided at
   * the close-side price, filled at that tick's price). Cheap and synchronous: it only reads the
   * sorted trigger lists up to the first level not crossed.
   */
  onQuote(q: Quote) {
    const t = this.triggers.get(q.instrumentId);
    if (!t || (t.bid.size === 0 && t.ask.size === 0)) return;
    for (const trig of [...t.bid.crossed(q.bid), ...t.ask.crossed(q.ask)]) {
      if (this.inFlight.has(trig.orderId)) continue;
      const o = this.live.get(trig.orderId);
      if (!o) continue;
      this.inFlight.add(o.id);
      void this.queue
        .run(o.userId, () => (trig.kind === 'fill' ? this.fillPending(o.id, q) : this.stopClose(o.id, q)))
        .catch((err) => this.deps.log.error({ err, orderId: o.id }, 'trigger failed'))
        .finally(() => this.inFlight.delete(o.id));
    }
  }

  private async stopClose(orderId: number, q: Quote) {
    const o = this.live.get(orderId);
    if (o?.status !== 1) return;
    const instrument = this.deps.market.instrumentById(o.instrumentId)!;
    const hit = stopTriggered(
      o.side,
      o.stopLoss ? money(o.stopLoss) : null,
      o.takeProfit ? money(o.takeProfit) : null,
      quoteFromFeed(q, instrument.pricePrecision),
    );
    if (hit) await this.settle(o, q, hit);
  }

  /**
   * A triggered pending order opens at this tick's price. After a gap the margin and fee are
   * recomputed at the fill price and the difference settled; an account that cannot cover it has
   * the order cancelled with that reason instead (DESIGN §4).
   */
  private async fillPending(orderId: number, q: Quote) {
    const o = this.live.get(orderId);
    if (o?.status !== 0 || !o.pendingKind) return;
    const instrument = this.deps.market.instrumentById(o.instrumentId)!;
    const tq = quoteFromFeed(q, instrument.pricePrecision);
    if (!pendingTriggered(o.pendingKind, o.targetPrice!, tq)) return;
    const fillPrice = pendingFillPrice(o.pendingKind, tq);
    const marginR = computeMargin(
      {
        terms: {
          contractSize: o.contractSize,
          marginMode: o.marginMode,
          baseCurrency: instrument.baseCurrency,
          quoteCurrency: instrument.quoteCurrency,
        },
        quantity: o.quantity,
        price: fillPrice,
        leverage: o.leverage,
      },
      this.rates(),
    );
    if (!marginR.ok) return;
    const margin = marginR.value.usd;
    const fee = computeFee({ feeType: o.feeType, feeRate: o.feeRate, quantity: o.quantity, margin });
    const extra = margin.minus(money(o.margin)).plus(fee.minus(money(o.fee)));
    const nowMs = this.deps.now();
    let row: OrderRow | null = null;
    try {
      row = await this.deps.db.transaction(async (tx) => {
        const filled = await transitionOrder(tx, o.id, 0, {
          status: 1,
          openPrice: fillPrice.toFixed(),
          openBid: money(tq.bid).toFixed(),
          openAsk: money(tq.ask).toFixed(),
          openQuoteTime: new Date(tq.timeMs),
          openQuoteSeq: q.seq,
          margin: margin.toFixed(),
          fee: fee.toFixed(),
          openedAt: new Date(nowMs),
        });
        if (!filled) return null;
        if (!extra.isZero()) {
          const adj = await moveMoney(tx, {
            userId: o.userId,
            type: LEDGER_TYPE.MARGIN_HOLD,
            balanceDelta: extra.negated().toFixed(),
            marginDelta: margin.minus(money(o.margin)).toFixed(),
            memo: `order ${o.id} filled at ${fillPrice.toFixed()}`,
            idempotencyKey: `fill-adjust:${o.id}`,
          });
          if (!adj.ok) throw new AppError('RISK_INSUFFICIENT_MARGIN');
        }
        return filled;
      });
    } catch (err) {
      if (err instanceof AppError && err.errorName === 'RISK_INSUFFICIENT_MARGIN') {
        await this.cancelPending(o, 'gap_unfunded');
        return;
      }
      throw err;
    }
    if (!row) return;
    this.unindex(o.id);
    this.index(liveOrderFromRow(row, null));
    this.deps.events.accountTouched(o.userId);
  }

  /**
   * Stop-out (DESIGN §3): when an account's risk rate falls to the level, close the largest loss
   * and repeat. Called for accounts whose positions moved; decided at the latest quotes.
   */
  async checkStopOut(userId: number, balance: string, marginHeld: string) {
    const positions = this.liveOrdersOf(userId).filter((o) => o.status === 1);
    if (positions.length === 0) return;
    const rates = this.rates();
    const marks = positions.map((o) => ({
      id: o.id,
      margin: o.margin,
      profit: this.floatingProfit(o, rates) ?? money('0'),
    }));
    const floating = marks.reduce((acc, m) => acc.plus(money(m.profit)), money('0'));
    const victims = planStopOut({ balance, margin: marginHeld, floatingProfit: floating }, marks, {
      marginCall: await this.deps.settings.marginCallLevel(),
      stopOut: await this.deps.settings.stopOutLevel(),
    });
    for (const id of victims) {
      await this.queue.run(userId, async () => {
        const o = this.live.get(id);
        const q = o && this.deps.market.latest(o.instrumentId);
        if (o && o.status === 1 && q) await this.settle(o, q, 'stop_out');
      });
    }
  }

  /** Demo reset: every position closed and every pending order cancelled, at the latest quotes. */
  resetPositions(userId: number): Promise<void> {
    return this.queue.run(userId, async () => {
      for (const o of this.liveOrdersOf(userId)) {
        if (o.status === 0) await this.cancelPending(o, 'demo_reset');
        else {
          const q = this.deps.market.latest(o.instrumentId);
          if (q) await this.settle(o, q, 'demo_reset');
        }
      }
    });
  }

  idle() {
    return this.queue.idle();
  }

  async findOwned(userId: number, orderId: number) {
    const row = await findOrder(this.deps.db, orderId);
    if (!row || row.userId !== userId) throw new AppError('ORDER_NOT_FOUND');
    return row;
  }
}
