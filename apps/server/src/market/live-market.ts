import { readFileSync } from 'node:fs';
import type { Candle as CandleDto, CandlePeriodName, Quotation } from '@meridian/contracts';
import { klineTopic, TOPIC_DAY_MARKET } from '@meridian/contracts';
import type { SessionKind } from '@meridian/domain';
import { asc } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { categories, instruments } from '../db/schema.ts';
import { backfillHistory } from './backfill.ts';
import { CandleAggregator, type ClosedCandle } from './candle-aggregator.ts';
import { DbCandleStore } from './db-candle-store.ts';
import { ExternalFeed } from './external-feed.ts';
import type { FramePublisher } from './frame-publisher.ts';
import { klineFrameKey } from './kline-topic.ts';
import type { CategoryRecord, InstrumentRecord, MarketRuntime } from './market-runtime.ts';
import { MARKET_STATUS, type MarketStatus } from './market-status.ts';
import { ReplayFeed } from './replay-feed.ts';
import { SimulatedFeed } from './simulated-feed.ts';
import type { Candle, CategoryKey, Clock, FeedInstrument, LastQuote, Quote, QuoteFeed } from './types.ts';
import { CANDLE_PERIODS } from './types.ts';

export interface LiveMarketOptions {
  db: Db;
  clock: Clock;
  hub: FramePublisher;
  log: FastifyBaseLogger;
  seed: number;
  feed: 'simulated' | 'replay' | 'external';
  replayFile?: string;
  /** MARKET_FEED=external: the bridge, its symbols where they differ, how old a quote may be. */
  external?: { url: string; symbols: ReadonlyMap<string, string>; maxAgeMs: number };
  historyDays: number;
  /** Run the feed's own timer (the server); tests leave it off and call `step`. */
  autoStart: boolean;
}

export interface LiveMarket extends MarketRuntime {
  feed: QuoteFeed;
  /** Advance the market to `nowMs` (tests), closing due candles. */
  step(nowMs: number): void;
  /** Persist closed candles now (also done on a timer and at shutdown). */
  flush(): Promise<void>;
  /**
   * A staff change to an instrument, applied live: its record (display, lots, fees, leverage,
   * limits, enabled) changes in place, a new spread applies from the next quote, and DAY_MARKET is
   * pushed at once. False when the instrument is not running in this process (it was disabled at
   * start): the stored change then applies at the next start.
   */
  applyInstrument(row: InstrumentRow): boolean;
  /**
   * A new instrument from the back office joins the feed and the trade list; with the simulated
   * feed its history is generated first (so charts are full at once). Not with a replay.
   */
  addInstrument(row: InstrumentRow): Promise<boolean>;
  /** A category's order or enabled flag changed: the trade list follows at once. */
  applyCategory(row: { id: number; key: string; sort: number; enabled: boolean }): void;
  stop(): Promise<void>;
}

const toDto = (c: Candle): CandleDto => ({
  Time: c.time,
  Open: c.open,
  High: c.high,
  Low: c.low,
  Close: c.close,
  Volume: c.volume,
});

export type InstrumentRow = typeof instruments.$inferSelect;

function toFeedInstrument(r: InstrumentRow, category: CategoryKey): FeedInstrument {
  return {
    id: r.id,
    seed: {
      code: r.code,
      showCode: r.showCode,
      category,
      baseCurrency: r.baseCurrency,
      quoteCurrency: r.quoteCurrency,
      pricePrecision: r.pricePrecision,
      lotStep: r.lotStep,
      minLots: r.minLots,
      contractSize: r.contractSize,
      feeRate: r.feeRate,
      marginMode: r.marginMode === 1 ? 1 : 2,
      leverageOptions: r.leverageOptions,
      spreadPoints: r.spreadPoints,
      session: r.session as SessionKind,
      ...(r.sessionZone ? { sessionZone: r.sessionZone } : {}),
      referencePrice: Number(r.referencePrice),
      annualVolatility: Number(r.annualVolatility),
      tickIntervalMs: r.tickIntervalMs,
    },
  };
}

export function toRecord(r: InstrumentRow): InstrumentRecord {
  return {
    id: r.id,
    code: r.code,
    showCode: r.showCode,
    categoryId: r.categoryId,
    logo: r.logo,
    baseCurrency: r.baseCurrency,
    quoteCurrency: r.quoteCurrency,
    pricePrecision: r.pricePrecision,
    lotStep: r.lotStep,
    minLots: r.minLots,
    contractSize: r.contractSize,
    feeRate: r.feeRate,
    marginMode: r.marginMode,
    leverageOptions: r.leverageOptions,
    sort: r.sort,
    tickIntervalMs: r.tickIntervalMs,
    maxLotsPerOrder: r.maxLotsPerOrder,
    maxOpenLots: r.maxOpenLots,
    enabled: r.enabled,
  };
}

/**
 * The running market: loads the enabled instruments, back-fills history, runs the feed, keeps
 * candles, persists closed ones in batches and publishes DAY_MARKET and KLINE.{code} frames,
 * each serialised once per tick and only when someone listens.
 */
export async function startLiveMarket(o: LiveMarketOptions): Promise<LiveMarket> {
  const allCats = await o.db
    .select({ id: categories.id, key: categories.key, sort: categories.sort, enabled: categories.enabled })
    .from(categories)
    .orderBy(asc(categories.sort));
  // Listed: enabled categories only. Quoted: every instrument, hidden ones too, as a live disable
  // leaves them: positions on a hidden instrument (or on a pair converting through it) must stay
  // priced, closable and under stop-out after a restart, and a restart must not change any figure.
  const cats: CategoryRecord[] = allCats.filter((c) => c.enabled).map(({ enabled: _e, ...c }) => c);
  const keyOf = new Map(allCats.map((c) => [c.id, c.key as CategoryKey]));
  const rows = (await o.db.select().from(instruments).orderBy(asc(instruments.sort))).filter((r) =>
    keyOf.has(r.categoryId),
  );
  const records = rows.map(toRecord);
  const byId = new Map(records.map((r) => [r.id, r]));
  const codes = new Set(records.map((r) => r.code));
  const feedInstruments = rows.map((r) => toFeedInstrument(r, keyOf.get(r.categoryId)!));

  const store = new DbCandleStore(o.db);
  let closedQueue: ClosedCandle[] = [];
  const aggregator = new CandleAggregator({ onClosed: (c) => closedQueue.push(c) });

  const feed: QuoteFeed & Partial<Pick<SimulatedFeed, 'setStartPrice' | 'seed'>> =
    o.feed === 'replay'
      ? new ReplayFeed({
          csv: readFileSync(o.replayFile ?? new URL('./fixtures/sample-ticks.csv', import.meta.url), 'utf8'),
          instruments: feedInstruments,
          clock: o.clock,
          loop: true,
        })
      : o.feed === 'external'
        ? new ExternalFeed({
            url: o.external!.url,
            symbols: o.external!.symbols,
            maxAgeMs: o.external!.maxAgeMs,
            instruments: feedInstruments,
            clock: o.clock,
            log: o.log,
            onListenerError: (err) => o.log.error({ err }, 'quote listener failed'),
          })
        : new SimulatedFeed({ instruments: feedInstruments, clock: o.clock, seed: o.seed });
  // Staff spreads apply to every feed that quotes its own spread (a replay keeps the file's unless set).
  if (feed instanceof ExternalFeed) for (const r of rows) feed.setSpread(r.id, r.spreadPoints);

  if (feed instanceof SimulatedFeed || feed instanceof ExternalFeed) {
    // From outside, history is what was recorded (stored candles back in the charts after a
    // restart); nothing is invented.
    const report = await backfillHistory({
      store,
      instruments: feedInstruments,
      feed: feed instanceof SimulatedFeed ? feed : null,
      aggregator,
      clock: o.clock,
      windowDays: o.historyDays,
    });
    o.log.info(report, 'market history ready');
  }
  if (feed instanceof ExternalFeed) {
    // Open positions keep a price across a restart (valued, screened for stop-out; nothing fills at
    // it): the last live quote saved, else the last stored minute.
    for (const r of records) {
      const last = await store.loadLastQuote(r.id);
      if (last) feed.restore(r.id, last.mid, last.timeMs);
      else {
        const minute = aggregator.recent(r.id, '1min', 1, true).at(-1);
        if (minute) feed.restore(r.id, minute.close, (minute.time + 60) * 1000);
      }
    }
  }

  const lastStatus = new Map<number, MarketStatus>();

  /**
   * Oldest first, one candle per bucket, none after the current one. Stored history can lie ahead
   * of the clock when a server restarts with an earlier clock (CLOCK_START in tests and demos);
   * charts must never receive times out of order.
   */
  function chartCandles(id: number, period: CandlePeriodName, limit: number) {
    const nowSec = o.clock.now() / 1000;
    const byTime = new Map<number, Candle>();
    for (const c of aggregator.recent(id, period, limit, true)) if (c.time <= nowSec) byTime.set(c.time, c);
    return [...byTime.values()]
      .sort((a, b) => a.time - b.time)
      .slice(-limit)
      .map(toDto);
  }

  function quotation(id: number): Quotation | null {
    const q = feed.latest(id);
    const day = aggregator.dayFigures(id);
    if (!q && !day) return null;
    const close = q?.mid ?? day!.close;
    return {
      Open: day?.open ?? close,
      Close: close,
      Change: day?.change ?? 0,
      Bid: q?.bid ?? close,
      Ask: q?.ask ?? close,
      High: day?.high ?? close,
      Low: day?.low ?? close,
      Time: q?.timeMs ?? 0,
    };
  }

  function publishDayMarket(id: number, status: MarketStatus) {
    const r = byId.get(id);
    if (!r) return;
    o.hub.publish(TOPIC_DAY_MARKET, `DM:${id}`, () => {
      const q = quotation(id);
      return JSON.stringify({
        type: TOPIC_DAY_MARKET,
        data: { symbol: r.code, Id: id, ...q, MarketStatus: status },
      });
    });
  }

  /** Quotes since the last flush, by instrument: saved as where a restart resumes. */
  let unsavedQuotes = new Map<number, LastQuote>();

  function onQuote(q: Quote) {
    aggregator.update(q);
    unsavedQuotes.set(q.instrumentId, q); // a Quote is a LastQuote: nothing allocated per tick
    lastStatus.set(q.instrumentId, MARKET_STATUS.OPEN);
    publishDayMarket(q.instrumentId, MARKET_STATUS.OPEN);
    const topic = klineTopic(q.code);
    if (!o.hub.hasSubscribers(topic)) return;
    for (const period of CANDLE_PERIODS) {
      const c = aggregator.current(q.instrumentId, period);
      if (!c) continue;
      o.hub.publish(topic, klineFrameKey(q.code, period, c.time), () =>
        JSON.stringify({
          type: topic,
          data: {
            symbol: q.code,
            Period: period,
            Time: c.time,
            Open: c.open,
            High: c.high,
            Low: c.low,
            Close: c.close,
            Volume: c.volume,
          },
        }),
      );
    }
  }
  feed.onQuote(onQuote);

  /** Sessions open and close without a tick to say so: push the new MarketStatus when it flips. */
  function checkStatuses(nowMs: number) {
    for (const r of records) {
      const s = feed.status(r.id, nowMs);
      if (lastStatus.get(r.id) !== s) {
        lastStatus.set(r.id, s);
        publishDayMarket(r.id, s);
      }
    }
  }

  let flushing: Promise<void> = Promise.resolve();
  function flush(): Promise<void> {
    if (closedQueue.length === 0 && unsavedQuotes.size === 0) return flushing;
    const batch = closedQueue;
    const quotes = [...unsavedQuotes.values()];
    closedQueue = [];
    unsavedQuotes = new Map();
    flushing = flushing
      .then(async () => {
        await store.saveClosed(batch);
        await store.saveLastQuotes(quotes);
      })
      .catch((err) => {
        o.log.error(
          { err },
          'saving closed candles or last quotes failed; a restart resumes from the last ones saved',
        );
      });
    return flushing;
  }

  const housekeeping = setInterval(() => {
    const now = o.clock.now();
    aggregator.closeDue(now);
    checkStatuses(now);
    void flush();
  }, 1000);
  housekeeping.unref();
  for (const r of records) lastStatus.set(r.id, feed.status(r.id, o.clock.now()));
  if (o.autoStart) feed.start();

  function applyInstrument(row: InstrumentRow): boolean {
    const r = byId.get(row.id);
    if (!r) return false;
    const { code: _code, ...next } = toRecord(row);
    // In place: the engine and the routes hold this same object.
    Object.assign(r, next);
    if (feed instanceof SimulatedFeed || feed instanceof ExternalFeed) {
      feed.setSpread(row.id, row.spreadPoints);
      feed.reshape(
        row.id,
        {
          pricePrecision: row.pricePrecision,
          session: row.session as SessionKind,
          sessionZone: row.sessionZone,
        },
        o.clock.now(),
      );
    }
    records.sort((a, b) => a.sort - b.sort);
    publishDayMarket(row.id, feed.status(row.id, o.clock.now()));
    return true;
  }

  async function addInstrument(row: InstrumentRow): Promise<boolean> {
    const category = keyOf.get(row.categoryId);
    if (byId.has(row.id) || !category || feed instanceof ReplayFeed) return false;
    const fi = toFeedInstrument(row, category);
    if (feed instanceof ExternalFeed) {
      feed.addInstrument(fi);
      feed.setSpread(row.id, row.spreadPoints);
    } else if (feed instanceof SimulatedFeed) {
      feed.addInstrument(fi);
      await backfillHistory({
        store,
        instruments: [fi],
        feed,
        aggregator,
        clock: o.clock,
        windowDays: Math.min(o.historyDays, 30),
      });
    }
    const record = toRecord(row);
    records.push(record);
    records.sort((a, b) => a.sort - b.sort);
    byId.set(record.id, record);
    codes.add(record.code);
    lastStatus.set(record.id, feed.status(record.id, o.clock.now()));
    return true;
  }

  function applyCategory(row: { id: number; key: string; sort: number; enabled: boolean }) {
    const at = cats.findIndex((c) => c.id === row.id);
    if (at >= 0) cats.splice(at, 1);
    if (row.enabled) cats.push({ id: row.id, key: row.key, sort: row.sort });
    cats.sort((a, b) => a.sort - b.sort);
  }

  return {
    feed,
    applyInstrument,
    addInstrument,
    applyCategory,
    instruments: () => records,
    categories: () => cats,
    instrumentById: (id) => byId.get(id),
    quotation,
    status: (id) => feed.status(id, o.clock.now()),
    candles: async (id, period: CandlePeriodName, limit) => chartCandles(id, period, limit),
    recentCandles: (id, period: CandlePeriodName, limit) => chartCandles(id, period, limit),
    isPublicTopic: (topic) =>
      topic === TOPIC_DAY_MARKET || (topic.startsWith('KLINE.') && codes.has(topic.slice('KLINE.'.length))),
    step(nowMs) {
      feed.step(nowMs);
      aggregator.closeDue(nowMs);
      checkStatuses(nowMs);
    },
    flush,
    async stop() {
      clearInterval(housekeeping);
      feed.stop();
      aggregator.closeDue(o.clock.now());
      // The forming minutes too, as they stand: the ticks since each minute began are in no other
      // candle, and without them a restart rebuilt the forming 5M…1D candles without those seconds
      // (lows and highs traders had seen, levels orders had triggered at). The next start continues
      // a minute that has not ended yet (backfill); one that has is complete as saved.
      for (const r of records) {
        const minute = aggregator.current(r.id, '1min');
        if (minute) closedQueue.push({ instrumentId: r.id, period: '1min', candle: { ...minute } });
      }
      await flush();
    },
  };
}
