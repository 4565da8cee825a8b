import { isMarketOpen, type SessionKind } from '@meridian/domain';
import WebSocket from 'ws';
import { pointScale } from './gbm.ts';

export { parseSymbolMap } from './feed-symbols.ts';

import type { Clock, FeedInstrument, Quote, QuoteFeed, QuoteListener } from './types.ts';

/**
 * Prices from outside (DESIGN §5's external provider adapter): the server connects to the broker's
 * price bridge over a WebSocket (`MARKET_FEED_URL`) and takes its quotes. One plain contract, as for
 * SMS, rather than one vendor's API: a liquidity provider's FIX session or a data vendor is put
 * behind a small bridge that speaks it.
 *
 *   → on connect, the server sends   {"type":"subscribe","symbols":["EURUSD","GOLD",…]}
 *   ← the bridge sends quotes        {"symbol":"EURUSD","bid":1.16512,"ask":1.16524,"time":1764250000123}
 *                                    (or an array of them; `time` in epoch ms is optional)
 *   ← anything else (a heartbeat)    ignored; any message shows the connection lives
 *
 * What the platform does with a quote:
 * - symbols map to instruments by code, or through `MARKET_FEED_SYMBOLS` (`XAUUSD=GOLD,US500=SPX`);
 *   unknown symbols, malformed quotes (not numbers, bid ≤ 0, bid > ask) and quotes older than the
 *   instrument's last one by the bridge's `time` are dropped and counted;
 * - outside the instrument's trading session (DESIGN §5) nothing is taken: a bridge may send
 *   indicative weekend prices that no order may fill at;
 * - the price is the bridge's mid rounded to the instrument's precision, quoted with the broker's
 *   own spread around it (the instrument's spread in the back office), as the simulated market does;
 * - a bad tick (the mid more than `maxJump` away from the last one) is held, not quoted: it is
 *   taken when the next quote confirms it (within `confirmBand` of it), and dropped otherwise, so one
 *   wrong print cannot fill stops or stop accounts out;
 * - the quote's time is the server's clock when it arrived (order freshness is judged on it; the
 *   bridge's clock only orders quotes).
 * When the connection drops the server reconnects (1 s, doubling to 30 s); meanwhile quotes age
 * and orders are refused as not live (the engine's freshness rule), nothing fills at an old price.
 */

export interface ExternalFeedOptions {
  url: string;
  instruments: readonly FeedInstrument[];
  clock: Clock;
  /** Platform code → the bridge's symbol, where they differ. */
  symbols?: ReadonlyMap<string, string>;
  /** A quote older than this (by the server's clock) is no longer live. */
  maxAgeMs: number;
  maxJump?: number;
  confirmBand?: number;
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  log?: { info(o: object, m: string): void; warn(o: object, m: string): void };
  onListenerError?: (error: unknown) => void;
}

class ExternalInstrument {
  scale: number;
  session: SessionKind;
  zone: string | undefined;
  spreadPoints: number;
  latest: Quote | undefined;
  seq = 0;
  lastSourceMs = Number.NEGATIVE_INFINITY;
  /** A mid that jumped too far, waiting for the next quote to confirm it. */
  held: number | null = null;

  constructor(
    readonly id: number,
    readonly code: string,
    seed: FeedInstrument['seed'],
  ) {
    this.scale = pointScale(seed.pricePrecision);
    this.session = seed.session;
    this.zone = seed.sessionZone;
    this.spreadPoints = seed.spreadPoints;
  }
}

export interface ExternalFeedCounts {
  quotes: number;
  unknownSymbol: number;
  malformed: number;
  outOfOrder: number;
  outsideSession: number;
  badTicks: number;
}

export class ExternalFeed implements QuoteFeed {
  readonly counts: ExternalFeedCounts = {
    quotes: 0,
    unknownSymbol: 0,
    malformed: 0,
    outOfOrder: 0,
    outsideSession: 0,
    badTicks: 0,
  };
  private readonly byId = new Map<number, ExternalInstrument>();
  private readonly bySymbol = new Map<string, ExternalInstrument>();
  private readonly listeners: QuoteListener[] = [];
  private readonly maxJump: number;
  private readonly confirmBand: number;
  private readonly reconnectMinMs: number;
  private readonly reconnectMaxMs: number;
  private readonly onListenerError: (error: unknown) => void;
  private socket: WebSocket | null = null;
  private running = false;
  private retryMs: number;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Times the connection opened (tests and the log). */
  connections = 0;

  constructor(private readonly o: ExternalFeedOptions) {
    this.maxJump = o.maxJump ?? 0.05;
    this.confirmBand = o.confirmBand ?? 0.005;
    this.reconnectMinMs = o.reconnectMinMs ?? 1_000;
    this.reconnectMaxMs = o.reconnectMaxMs ?? 30_000;
    this.retryMs = this.reconnectMinMs;
    this.onListenerError = o.onListenerError ?? ((error) => console.error('quote listener failed', error));
    for (const i of o.instruments) this.addInstrument(i);
  }

  private symbolOf(code: string) {
    return this.o.symbols?.get(code) ?? code;
  }

  addInstrument(instrument: FeedInstrument): void {
    if (this.byId.has(instrument.id)) throw new RangeError(`instrument ${instrument.id} already in the feed`);
    const s = new ExternalInstrument(instrument.id, instrument.seed.code, instrument.seed);
    this.byId.set(s.id, s);
    this.bySymbol.set(this.symbolOf(s.code), s);
    if (this.socket?.readyState === WebSocket.OPEN) this.subscribe([s]);
  }

  /** Precision and session changes from the back office, from the next quote. */
  reshape(
    instrumentId: number,
    change: { pricePrecision: number; session: SessionKind; sessionZone?: string | null },
  ) {
    const s = this.byId.get(instrumentId);
    if (!s) throw new RangeError(`unknown instrument ${instrumentId}`);
    if (pointScale(change.pricePrecision) !== s.scale) s.latest = undefined; // never read at another precision
    s.scale = pointScale(change.pricePrecision);
    s.session = change.session;
    s.zone = change.sessionZone ?? undefined;
  }

  setSpread(instrumentId: number, points: number): void {
    const s = this.byId.get(instrumentId);
    if (!s) throw new RangeError(`unknown instrument ${instrumentId}`);
    if (!Number.isInteger(points) || points < 1)
      throw new RangeError(`spread must be a whole number of points ≥ 1, got ${points}`);
    s.spreadPoints = points;
  }

  onQuote(listener: QuoteListener): () => void {
    this.listeners.push(listener);
    return () => {
      const index = this.listeners.indexOf(listener);
      if (index >= 0) this.listeners.splice(index, 1);
    };
  }

  /** Quotes arrive as messages; nothing is due on a timer. */
  step(): void {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.connect();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.retryTimer);
    this.socket?.terminate();
    this.socket = null;
  }

  /** Whether the bridge is connected now. */
  get connected(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  private connect() {
    const socket = new WebSocket(this.o.url, { handshakeTimeout: 10_000, followRedirects: false });
    this.socket = socket;
    socket.on('open', () => {
      this.connections++;
      this.retryMs = this.reconnectMinMs;
      this.o.log?.info({ instruments: this.byId.size }, 'market feed connected');
      this.subscribe([...this.byId.values()]);
    });
    socket.on('message', (data) => this.receive(String(data)));
    // One log line per failed attempt: the error (refused, TLS, a bad handshake) goes with the close.
    let failure: Error | undefined;
    socket.on('error', (err) => {
      failure = err;
    });
    socket.on('close', (code) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (!this.running) return;
      this.o.log?.warn(
        { code, retryInMs: this.retryMs, ...(failure ? { err: failure } : {}) },
        'market feed disconnected; reconnecting',
      );
      this.retryTimer = setTimeout(() => {
        if (this.running) this.connect();
      }, this.retryMs);
      this.retryTimer.unref?.();
      this.retryMs = Math.min(this.retryMs * 2, this.reconnectMaxMs);
    });
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
    for (const item of Array.isArray(message) ? message : [message]) {
      if (item && typeof item === 'object' && 'symbol' in item) this.take(item as Record<string, unknown>);
    }
  }

  private take(m: Record<string, unknown>) {
    const s = typeof m.symbol === 'string' ? this.bySymbol.get(m.symbol) : undefined;
    if (!s) {
      this.counts.unknownSymbol++;
      return;
    }
    const { bid, ask } = m;
    const sourceMs = m.time === undefined ? null : m.time;
    if (
      typeof bid !== 'number' ||
      typeof ask !== 'number' ||
      !Number.isFinite(bid) ||
      !Number.isFinite(ask) ||
      !(bid > 0) ||
      bid > ask ||
      (sourceMs !== null && (typeof sourceMs !== 'number' || !Number.isFinite(sourceMs)))
    ) {
      this.counts.malformed++;
      return;
    }
    if (sourceMs !== null) {
      if (sourceMs < s.lastSourceMs) {
        this.counts.outOfOrder++;
        return;
      }
      s.lastSourceMs = sourceMs;
    }
    const nowMs = this.o.clock.now();
    if (!isMarketOpen(s.session, nowMs, s.zone)) {
      this.counts.outsideSession++;
      return;
    }
    const mid = (bid + ask) / 2;
    const last = s.latest?.mid;
    const held = s.held;
    if (last !== undefined && Math.abs(mid - last) > last * this.maxJump) {
      if (held === null || Math.abs(mid - held) > held * this.confirmBand) {
        // A first print that far away, or one that does not confirm the one held: hold this one
        // (the one held before it was a bad tick).
        if (held !== null) this.counts.badTicks++;
        s.held = mid;
        return;
      }
    } else if (held !== null) this.counts.badTicks++; // the market came back: the held print was wrong
    s.held = null;
    this.quote(s, mid, nowMs);
  }

  private quote(s: ExternalInstrument, mid: number, nowMs: number) {
    const midPoints = Math.round(mid * s.scale);
    const bidPoints = Math.max(1, midPoints - (s.spreadPoints >> 1));
    const quote: Quote = {
      instrumentId: s.id,
      code: s.code,
      bid: bidPoints / s.scale,
      ask: (bidPoints + s.spreadPoints) / s.scale,
      mid: midPoints / s.scale,
      timeMs: nowMs,
      seq: ++s.seq,
    };
    s.latest = quote;
    this.counts.quotes++;
    for (let i = 0; i < this.listeners.length; i++) {
      try {
        this.listeners[i]!(quote);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  latest(instrumentId: number): Quote | undefined {
    return this.byId.get(instrumentId)?.latest;
  }

  status(instrumentId: number, nowMs: number): 0 | 1 {
    const s = this.byId.get(instrumentId);
    return s && isMarketOpen(s.session, nowMs, s.zone) ? 1 : 0;
  }

  isStale(instrumentId: number, nowMs: number): boolean {
    const s = this.byId.get(instrumentId);
    if (!s || this.status(instrumentId, nowMs) === 0) return false;
    return !(nowMs - (s.latest?.timeMs ?? Number.NaN) <= this.o.maxAgeMs);
  }
}
