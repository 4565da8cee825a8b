import type { Language } from '@meridian/i18n';
import type { WebSocket } from 'ws';

/** Above this many unsent bytes a client is "slow": further frames are coalesced, latest wins. */
const HIGH_WATER_BYTES = 256 * 1024;
/**
 * Parked keys a slow client may hold before it is closed (1013) to reconnect and reload. Most keys
 * are fixed (one per instrument's quote), but a candle's key carries its bucket (`klineFrameKey`), so
 * a client that stays slow for hours would otherwise park one frame per finished candle.
 */
export const MAX_PARKED_FRAMES = 1024;

/**
 * One client socket. Frames arrive pre-serialised (one Buffer per topic and tick, shared by all
 * clients). A slow client never makes memory grow without bound: while its send buffer is above
 * the high-water mark, frames are parked in a map keyed by what they describe (e.g. one
 * instrument's quote), so a newer frame replaces an older one and the map is bounded by the
 * number of keys, not by time.
 */
export class SocketConnection {
  userId: number | null = null;
  tokenHash: string | null = null;
  /** Counts login frames: a lookup that finishes after a newer login began is dropped. */
  loginAttempt = 0;
  /** Settles when the login being looked up is decided (a sub of the user's own topics waits for it). */
  loginInFlight: Promise<void> | null = null;
  private frameWindowMs = 0;
  private framesInWindow = 0;
  lang: Language = 'hk';
  readonly topics = new Set<string>();
  /** The user's own topics this socket unsubscribed from (they flow by default once logged in). */
  readonly mutedOwnTopics = new Set<string>();
  lastSeenMs: number;
  private parked: Map<string, Buffer> | null = null;

  constructor(
    readonly ws: WebSocket,
    nowMs: number,
  ) {
    this.lastSeenMs = nowMs;
  }

  get isOpen() {
    return this.ws.readyState === 1;
  }

  get parkedCount() {
    return this.parked?.size ?? 0;
  }

  /** Sends a shared frame, or parks it under `key` while the client is slow. */
  push(key: string, frame: Buffer) {
    if (!this.isOpen) return;
    if (this.parked === null && this.ws.bufferedAmount < HIGH_WATER_BYTES) {
      this.ws.send(frame, { binary: false });
      return;
    }
    this.parked ??= new Map();
    this.parked.delete(key); // re-insert so iteration order follows recency
    this.parked.set(key, frame);
    if (this.parked.size > MAX_PARKED_FRAMES) {
      // Too far behind to catch up frame by frame: the client reconnects and reloads what it shows.
      this.parked = null;
      this.ws.close(1013, 'too slow');
    }
  }

  /**
   * Drops parked frames whose key starts with `prefix`: the user's own frames when the socket's
   * user changes (a logout, a login as someone else), or they would reach whoever is next.
   */
  dropParked(prefix: string) {
    if (!this.parked) return;
    for (const key of [...this.parked.keys()]) if (key.startsWith(prefix)) this.parked.delete(key);
    if (this.parked.size === 0) this.parked = null;
  }

  /** Called periodically: drains parked frames once the socket has room again. */
  flushParked() {
    if (!this.parked || !this.isOpen) return;
    if (this.ws.bufferedAmount >= HIGH_WATER_BYTES / 2) return;
    const frames = this.parked;
    this.parked = null;
    for (const frame of frames.values()) this.ws.send(frame, { binary: false });
  }

  /** Counts a frame from the client; returns how many arrived in the current one-second window. */
  countFrame(nowMs: number): number {
    if (nowMs - this.frameWindowMs >= 1000) {
      this.frameWindowMs = nowMs;
      this.framesInWindow = 0;
    }
    return ++this.framesInWindow;
  }

  /** A direct reply (login_result, pong…), never coalesced. */
  reply(message: object) {
    if (this.isOpen) this.ws.send(JSON.stringify(message));
  }
}
