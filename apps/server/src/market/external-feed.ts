import { isMarketOpen, type SessionKind } from '@meridian/domain';
import WebSocket from 'ws';
import { pointScale } from './gbm.ts';
import { MARKET_STATUS, type MarketStatus } from './market-status.ts';
import { quoteAtMid } from './quote-at-mid.ts';
import { QuoteListeners } from './quote-listeners.ts';
import type { Clock, FeedInstrument, Quote, QuoteFeed, QuoteListener } from './types.ts';

export { parseSymbolMap } from './feed-symbols.ts';

/**
 * Prices from outside (DESIGN §5's external provider adapter): the server connects to the broker's
 * price bridge over a WebSocket (`MARKET_FEED_URL`) and takes its quotes. One plain contract, as for
 * SMS, rather than one vendor's API: a liquidity provider's FIX session or a data vendor is put
 * behind a small bridge that speaks it.
 *
 *   → on connect, the server sends   {"type":"subscribe","symbols":["EURUSD","GOLD",…]}
 *                                    (and again with only the new one when staff add an instrument:
 *                                    a subscribe adds to what the bridge sends)
 *   ← the bridge sends quotes        {"symbol":"EURUSD","bid":1.16512,"ask":1.16524,"time":1764250000123}
 *                                    (or an array of them; `time` is the bridge's epoch ms)
 *   ← anything else (a heartbeat)    ignored; any message, or a pong, shows the connection lives
 *
 * Every order, stop and stop-out is priced from these quotes, so each one is checked first:
 * - symbols map to instruments by code, or through `MARKET_FEED_SYMBOLS` (`XAUUSD=GOLD,US500=SPX`);
 *   unknown symbols and malformed quotes (not numbers, bid ≤ 0, bid > ask, a spread over 2 % of the
 *   price, no `time`) are dropped;
 * - by the bridge's `time` against the server's wall clock: a quote older than the instrument's
 *   last one, one older than `maxAgeMs` (a backlog or a replayed cache: the market has moved since)
 *   and one more than 2 s ahead (a wrong clock or unit) are dropped;
 * - outside the instrument's trading session (DESIGN §5) nothing is taken: a bridge may send
 *   indicative weekend prices that no order may fill at;
 * - a print too far from the last price (`jumpLimit`: 0.5 %, up to 2 % when the instrument's
 *   volatility and the time since its last price allow), and an instrument's first, is held, not
 *   quoted (and the old price is not live meanwhile); a later print at another price within 0.5 %
 *   of it confirms it, so do three prints in a row on its side each within 1 % of the one before
 *   over at least a second (a market moving fast); anything else drops it, as do the session's
 *   close, a reconnect and the live age: one wrong print, a session's first included, cannot fill
 *   stops or stop accounts out;
 * - the price is the mid rounded to the instrument's precision, quoted with the broker's own spread
 *   around it (the back office's spread), as the simulated market does; its time is the server's
 *   clock when it arrived, which the engine's freshness rule (`liveForMs`) judges.
 * The connection is pinged every 5 s and dropped when nothing (no message, no pong) came for 15 s;
 * while it is down no quote is live (orders are refused, 4013) and the server reconnects (1 s,
 * doubling to 30 s). At a start the last saved quotes value open positions (never live: nothing
 * fills at them) until the bridge quotes again.
 */

export interface ExternalFeedOptions {
  url: string;
  instruments: readonly FeedInstrument[];
  clock: Clock;
  /** Platform code → the bridge's symbol, where they differ. */
  symbols?: ReadonlyMap<string, string>;
  /** A quote older than this (by the server's clock) is no longer live. */
  maxAgeMs: number;
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  pingEveryMs?: number;
  silentAfterMs?: number;
  log?: { info(o: object, m: string): void; warn(o: object, m: string): void };
  onListenerError?: (error: unknown) => void;
  /** The wall clock the bridge's `time` is compared with (the product clock may be shifted: CLOCK_START). */
  wallNow?: () => number;
}

/** The smallest move held as a possible bad tick, whatever the instrument. */
export const MIN_JUMP = 0.005;
/**
 * The largest: past it a print always waits for confirmation, however long the market was away (a
 * weekend's 20σ is 11 % of EURUSD and a whole TSLA): a session's first print may be the bad one.
 */
export const MAX_JUMP = 0.02;
/** Prints beyond the limit on one side in a row that make a new level (a market that really moved fast). */
const SAME_SIDE_PRINTS = 3;
/** Prints of a run are each within this of the one before, and the run lasts at least RUN_MS. */
const RUN_BAND = 0.01;
const RUN_MS = 1_000;
/** A quote whose spread is wider than this share of its mid is no price (a one-sided placeholder). */
const MAX_SPREAD = 0.02;
/** How far ahead of the wall clock a bridge's `time` may be (clocks differ a little). */
const AHEAD_MS = 2_000;
/** How many standard deviations of the instrument's move over the gap a print may jump. */
const JUMP_SIGMAS = 20;
/** A held print is confirmed by a later quote within this of it. */
const CONFIRM_BAND = 0.005;
const YEAR_MS = 365.25 * 24 * 3600_000;
/** A connection must live this long before the retry delay starts from its minimum again. */
const STABLE_AFTER_MS = 10_000;
/** Largest message taken (a quote is ~100 bytes; a snapshot of every instrument a few KB). */
const MAX_PAYLOAD = 1024 * 1024;
const MAX_QUOTES_PER_MESSAGE = 1000;
/** How often the operator's log hears what was dropped and which instruments have no prices. */
const HEALTH_EVERY_MS = 60_000;

/** How far a print may move from the last price before it waits for confirmation (a fraction). */
export function jumpLimit(annualVolatility: number, gapMs: number): number {
  const sigma = annualVolatility * Math.sqrt(Math.max(gapMs, 1000) / YEAR_MS);
  const limit = Math.min(MAX_JUMP, Math.max(MIN_JUMP, JUMP_SIGMAS * sigma));
  return Number.isFinite(limit) ? limit : MIN_JUMP; // never open on a bad figure
}

/** A held print: its mid and bridge time, its side, and the run of prints on that side it ends. */
interface Held {
  mid: number;
  atMs: number;
  up: boolean;
  prints: number;
  sinceMs: number;
}

class ExternalInstrument {
  scale: number;
  session: SessionKind;
  zone: string | undefined;
  spreadPoints: number;
  readonly volatility: number;
  latest: Quote | undefined;
  seq = 0;
  lastSourceMs = Number.NEGATIVE_INFINITY;
  /** A print that jumped too far, waiting for a later quote to confirm it. */
  held: Held | null = null;
  /** The last price's time for the jump limit (a restored one keeps its real time). */
  pricedAtMs = Number.NaN;

  constructor(
    readonly id: number,
    readonly code: string,
    seed: FeedInstrument['seed'],
  ) {
    this.scale = pointScale(seed.pricePrecision);
    this.session = seed.session;
    this.zone = seed.sessionZone;
    this.spreadPoints = seed.spreadPoints;
    this.volatility = seed.annualVolatility;
  }
}

export interface ExternalFeedCounts {
  quotes: number;
  unknownSymbol: number;
  malformed: number;
  outOfOrder: number;
  late: number;
  ahead: number;
  outsideSession: number;
  badTicks: number;
}

export class ExternalFeed implements QuoteFeed {
  readonly counts: ExternalFeedCounts = {
    quotes: 0,
    unknownSymbol: 0,
    malformed: 0,
    outOfOrder: 0,
    late: 0,
    ahead: 0,
    outsideSession: 0,
    badTicks: 0,
  };
  /** Symbols the bridge sent that map to no instrument (the first few, for the log). */
  readonly unknownSymbols = new Set<string>();
  private readonly byId = new Map<number, ExternalInstrument>();
  private readonly bySymbol = new Map<string, ExternalInstrument>();
  private readonly listeners: QuoteListeners;
  private readonly reconnectMinMs: number;
  private readonly reconnectMaxMs: number;
  private readonly pingEveryMs: number;
  private readonly silentAfterMs: number;
  private readonly wallNow: () => number;
  private socket: WebSocket | null = null;
  private open = false;
  private running = false;
  private retryMs: number;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private healthTimer: ReturnType<typeof setInterval> | undefined;
  private reported: ExternalFeedCounts | null = null;
  private openedAtMs = 0;
  private heardAtMs = 0;
  /** Times the connection opened (tests and the log). */
  connections = 0;

  constructor(private readonly o: ExternalFeedOptions) {
    this.reconnectMinMs = o.reconnectMinMs ?? 1_000;
    this.reconnectMaxMs = o.reconnectMaxMs ?? 30_000;
    this.pingEveryMs = o.pingEveryMs ?? 5_000;
    this.silentAfterMs = o.silentAfterMs ?? 15_000;
    this.retryMs = this.reconnectMinMs;
    this.listeners = new QuoteListeners(o.onListenerError);
    this.wallNow = o.wallNow ?? Date.now;
    for (const i of o.instruments) this.addInstrument(i);
  }

  private symbolOf(code: string) {
    return this.o.symbols?.get(code) ?? code;
  }

  addInstrument(instrument: FeedInstrument): void {
    if (this.byId.has(instrument.id)) throw new RangeError(`instrument ${instrument.id} already in the feed`);
    const s = new ExternalInstrument(instrument.id, instrument.seed.code, instrument.seed);
    this.byId.set(s.id, s);
    const symbol = this.symbolOf(s.code);
    const taken = this.bySymbol.get(symbol);
    if (taken) {
      // Two instruments on one bridge symbol would both move with it: the first keeps it.
      this.o.log?.warn(
        { code: s.code, symbol, quotes: taken.code },
        'market feed: symbol already quotes another instrument; this one gets no prices (MARKET_FEED_SYMBOLS)',
      );
      return;
    }
    this.bySymbol.set(symbol, s);
    if (this.open) this.subscribe([s]);
  }

  /**
   * The last price saved before a restart, as the latest quote at its old time: open positions are
   * valued at it (and the stop-out screen sees them) but no order fills at it; the first live print
   * is checked against it.
   */
  restore(instrumentId: number, mid: number, timeMs: number) {
    const s = this.byId.get(instrumentId);
    if (!s || s.latest || !(mid > 0) || !Number.isFinite(mid) || !Number.isFinite(timeMs)) return;
    // Never live, however quick the restart (its time as an order sees it is past the live age);
    // the jump limit measures from when it really was.
    const nowMs = this.o.clock.now();
    s.latest = quoteAtMid(s, mid, Math.min(timeMs, nowMs - this.o.maxAgeMs - 1), 0);
    s.pricedAtMs = Math.min(timeMs, nowMs);
  }

  /** Precision and session changes from the back office, from the next quote. */
  reshape(
    instrumentId: number,
    change: { pricePrecision: number; session: SessionKind; sessionZone?: string | null },
  ) {
    const s = this.byId.get(instrumentId);
    if (!s) throw new RangeError(`unknown instrument ${instrumentId}`);
    s.scale = pointScale(change.pricePrecision);
    s.session = change.session;
    s.zone = change.sessionZone ?? undefined;
    // Never read at another precision: the same price and time, rounded anew (not a new quote).
    if (s.latest) s.latest = quoteAtMid(s, s.latest.mid, s.latest.timeMs, s.latest.seq);
  }

  setSpread(instrumentId: number, points: number): void {
    const s = this.byId.get(instrumentId);
    if (!s) throw new RangeError(`unknown instrument ${instrumentId}`);
    if (!Number.isInteger(points) || points < 1)
      throw new RangeError(`spread must be a whole number of points ≥ 1, got ${points}`);
    s.spreadPoints = points;
  }

  onQuote(listener: QuoteListener): () => void {
    return this.listeners.add(listener);
  }

  /** Quotes arrive as messages; nothing is due on a timer. */
  step(): void {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.connect();
    this.healthTimer = setInterval(() => this.reportHealth(), HEALTH_EVERY_MS);
    this.healthTimer.unref?.();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    clearInterval(this.healthTimer);
    this.open = false;
    this.socket?.terminate();
    this.socket = null;
  }

  /** Whether the bridge is connected now. */
  get connected(): boolean {
    return this.open;
  }

  /**
   * How old the instrument's quote may be for an order to fill at it now: none is live while the
   * bridge is away, nor while a print beyond the limit waits (the market may have moved by it).
   */
  liveForMs(instrumentId?: number): number {
    if (!this.open) return -1;
    if (instrumentId !== undefined && this.byId.get(instrumentId)?.held) return -1;
    return this.o.maxAgeMs;
  }

  /**
   * Whether the instrument's latest quote is the market's price now, for valuing positions before
   * money leaves: the bridge is there, the price came from it since the start (not restored), and no
   * print beyond the limit waits. A quiet market's last quote is its price however old.
   */
  pricedNow(instrumentId: number): boolean {
    const s = this.byId.get(instrumentId);
    return this.open && s !== undefined && s.latest !== undefined && s.latest.seq > 0 && s.held === null;
  }

  private connect() {
    const socket = new WebSocket(this.o.url, {
      handshakeTimeout: 10_000,
      followRedirects: false,
      maxPayload: MAX_PAYLOAD,
      perMessageDeflate: false,
    });
    this.socket = socket;
    // One log line per failed attempt: the error (refused, TLS, a bad handshake) goes with the close.
    let failure: Error | undefined;
    socket.on('open', () => {
      this.open = true;
      this.connections++;
      this.openedAtMs = Date.now();
      this.heardAtMs = Date.now();
      // A new connection (or another bridge after a failover) may run another clock.
      for (const s of this.byId.values()) {
        s.lastSourceMs = Number.NEGATIVE_INFINITY;
        s.held = null;
      }
      this.o.log?.info({ instruments: this.bySymbol.size }, 'market feed connected');
      this.subscribe([...this.bySymbol.values()]);
      this.pingTimer = setInterval(() => this.checkAlive(socket), this.pingEveryMs);
      this.pingTimer.unref?.();
    });
    socket.on('message', (data) => {
      this.heardAtMs = Date.now();
      this.receive(String(data));
    });
    socket.on('pong', () => {
      this.heardAtMs = Date.now();
    });
    socket.on('error', (err) => {
      failure = err;
    });
    socket.on('close', (code) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.open = false;
      clearInterval(this.pingTimer);
      if (!this.running) return;
      // A connection that lived a while starts the delays afresh; one dropped at once keeps backing off.
      if (this.openedAtMs > 0 && Date.now() - this.openedAtMs >= STABLE_AFTER_MS)
        this.retryMs = this.reconnectMinMs;
      this.openedAtMs = 0;
      this.o.log?.warn(
        { code, retryInMs: this.retryMs, ...(failure ? { err: failure } : {}) },
        'market feed disconnected; no prices are live until it is back',
      );
      this.retryTimer = setTimeout(() => {
        if (this.running) this.connect();
      }, this.retryMs);
      this.retryTimer.unref?.();
      this.retryMs = Math.min(this.retryMs * 2, this.reconnectMaxMs);
    });
  }

  /** A bridge that accepts and never answers, or a connection lost without a close, is dropped. */
  private checkAlive(socket: WebSocket) {
    if (Date.now() - this.heardAtMs > this.silentAfterMs) {
      this.o.log?.warn({ silentMs: Date.now() - this.heardAtMs }, 'market feed silent; reconnecting');
      socket.terminate();
      return;
    }
    socket.ping();
  }

  private subscribe(instruments: ExternalInstrument[]) {
    this.socket?.send(
      JSON.stringify({ type: 'subscribe', symbols: instruments.map((s) => this.symbolOf(s.code)) }),
    );
  }

  /** One message from the bridge: a quote, an array of quotes, or something else (ignored). */
  receive(text: string): void {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      this.counts.malformed++;
      return;
    }
    if (Array.isArray(message) && message.length > MAX_QUOTES_PER_MESSAGE)
      this.counts.malformed += message.length - MAX_QUOTES_PER_MESSAGE;
    const items = Array.isArray(message) ? message.slice(0, MAX_QUOTES_PER_MESSAGE) : [message];
    for (const item of items) {
      if (item && typeof item === 'object' && 'symbol' in item) this.take(item as Record<string, unknown>);
    }
  }

  private take(m: Record<string, unknown>) {
    const s = typeof m.symbol === 'string' ? this.bySymbol.get(m.symbol) : undefined;
    if (!s) {
      this.counts.unknownSymbol++;
      if (this.unknownSymbols.size < 20) this.unknownSymbols.add(String(m.symbol).slice(0, 40));
      return;
    }
    const { bid, ask } = m;
    const sourceMs = m.time;
    if (
      typeof bid !== 'number' ||
      typeof ask !== 'number' ||
      !Number.isFinite(bid) ||
      !Number.isFinite(ask) ||
      !(bid > 0) ||
      bid > ask ||
      // A one-sided quote with a placeholder on the other side is no price.
      ask - bid > ((bid + ask) / 2) * MAX_SPREAD ||
      typeof sourceMs !== 'number' ||
      !Number.isFinite(sourceMs)
    ) {
      this.counts.malformed++;
      return;
    }
    // The bridge's clock against the wall clock (the product's may be shifted by CLOCK_START).
    const wallMs = this.wallNow();
    if (sourceMs > wallMs + AHEAD_MS) {
      this.counts.ahead++; // a clock ahead, or another unit
      return;
    }
    if (sourceMs < wallMs - this.o.maxAgeMs) {
      this.counts.late++; // a backlog or a replayed cache: the market has moved since
      return;
    }
    if (sourceMs < s.lastSourceMs) {
      this.counts.outOfOrder++;
      return;
    }
    // Never ahead of now for ordering: one quote stamped a little ahead must not hold back the next.
    s.lastSourceMs = Math.min(sourceMs, wallMs);
    // The bridge's own order for held prints: clamped, two prints it sent a millisecond apart could
    // look simultaneous and the later one would confirm nothing.
    const t = sourceMs;
    const nowMs = this.o.clock.now();
    if (!isMarketOpen(s.session, nowMs, s.zone)) {
      s.held = null; // a print held before the close confirms nothing in the next session
      this.counts.outsideSession++;
      return;
    }
    if (s.held !== null && s.held.atMs < t - this.o.maxAgeMs) {
      s.held = null; // held too long ago to be confirmed now
      this.counts.badTicks++;
    }
    const mid = (bid + ask) / 2;
    const last = s.latest;
    // No price yet (a new instrument, a fresh database): the first print waits for a second.
    const far =
      last === undefined ||
      Math.abs(mid - last.mid) > last.mid * jumpLimit(s.volatility, nowMs - s.pricedAtMs);
    const held = s.held;
    if (far) {
      const up = last === undefined || mid > last.mid;
      if (!this.confirms(held, mid, t, up)) {
        this.hold(s, mid, t, up);
        return;
      }
    } else if (held !== null) this.counts.badTicks++; // the market came back: the held print was wrong
    s.held = null;
    s.pricedAtMs = nowMs;
    this.quote(s, quoteAtMid(s, mid, nowMs, ++s.seq));
  }

  /**
   * Whether a print beyond the limit confirms the one held: later and at another price (a bridge
   * re-sending its last print confirms nothing), and either within 0.5 % of it, or the third in a
   * row on its side, each within 1 % of the one before, over at least a second (a market moving fast;
   * not three wild prints in a burst).
   */
  private confirms(held: Held | null, mid: number, t: number, up: boolean): boolean {
    if (held === null || !(t > held.atMs) || mid === held.mid) return false;
    const gap = Math.abs(mid - held.mid) / held.mid;
    if (gap <= CONFIRM_BAND) return true;
    return (
      held.up === up && gap <= RUN_BAND && held.prints + 1 >= SAME_SIDE_PRINTS && t - held.sinceMs >= RUN_MS
    );
  }

  /** Holds a print beyond the limit: the next in a run, or a new one (the one held before was wrong). */
  private hold(s: ExternalInstrument, mid: number, t: number, up: boolean) {
    const held = s.held;
    if (held !== null && held.up === up && Math.abs(mid - held.mid) <= held.mid * RUN_BAND) {
      // One moment's burst is one print.
      s.held = { mid, atMs: t, up, prints: held.prints + (t > held.atMs ? 1 : 0), sinceMs: held.sinceMs };
      return;
    }
    if (held !== null) this.counts.badTicks++;
    s.held = { mid, atMs: t, up, prints: 1, sinceMs: t };
  }

  private quote(s: ExternalInstrument, quote: Quote) {
    s.latest = quote;
    this.counts.quotes++;
    this.listeners.emit(quote);
  }

  /** A warning when quotes were dropped since the last report, or instruments in session go unquoted. */
  reportHealth() {
    const now = { ...this.counts };
    const before = this.reported ?? {
      ...now,
      quotes: 0,
      unknownSymbol: 0,
      malformed: 0,
      outOfOrder: 0,
      late: 0,
      outsideSession: 0,
      badTicks: 0,
    };
    this.reported = now;
    const dropped = {
      unknownSymbol: now.unknownSymbol - before.unknownSymbol,
      malformed: now.malformed - before.malformed,
      outOfOrder: now.outOfOrder - before.outOfOrder,
      late: now.late - before.late,
      ahead: now.ahead - before.ahead,
      badTicks: now.badTicks - before.badTicks,
    };
    const silent = this.open ? this.silentInstruments(this.o.clock.now()) : [];
    if (silent.length === 0 && Object.values(dropped).every((n) => n === 0)) return;
    this.o.log?.warn(
      {
        quotes: now.quotes - before.quotes,
        dropped,
        ...(dropped.unknownSymbol > 0 ? { unknownSymbols: [...this.unknownSymbols] } : {}),
        ...(silent.length > 0 ? { silent } : {}),
      },
      'market feed: quotes dropped or instruments without prices in the last minute',
    );
    this.unknownSymbols.clear();
  }

  /**
   * Instruments in session with no live quote (silent symbols: a typo in MARKET_FEED_SYMBOLS, or
   * one the bridge does not carry), for the operator's log.
   */
  silentInstruments(nowMs: number): string[] {
    const silent: string[] = [];
    for (const s of this.byId.values())
      if (
        isMarketOpen(s.session, nowMs, s.zone) &&
        // Never quoted since the start (a restored price is no quote), or not for a minute.
        !(s.latest !== undefined && s.latest.seq > 0 && nowMs - s.latest.timeMs <= this.o.maxAgeMs * 6)
      )
        silent.push(s.code);
    return silent;
  }

  latest(instrumentId: number): Quote | undefined {
    return this.byId.get(instrumentId)?.latest;
  }

  status(instrumentId: number, nowMs: number): MarketStatus {
    const s = this.byId.get(instrumentId);
    return s && isMarketOpen(s.session, nowMs, s.zone) ? MARKET_STATUS.OPEN : MARKET_STATUS.CLOSED;
  }

  isStale(instrumentId: number, nowMs: number): boolean {
    const s = this.byId.get(instrumentId);
    if (!s || this.status(instrumentId, nowMs) === MARKET_STATUS.CLOSED) return false;
    return !(nowMs - (s.latest?.timeMs ?? Number.NaN) <= this.liveForMs(instrumentId));
  }
}
