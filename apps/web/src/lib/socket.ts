import type { ClientSocketMessage } from '@meridian/contracts';

/**
 * The one real-time socket of spec §7 (`/v1/ws` on the API host). It logs in with the session
 * token, keeps a reference-counted set of topic subscriptions, pings every 5 s, answers the
 * server's ping with pong, and reconnects with backoff on close, on a connect time-out (5 s) or
 * after more than 2 missed heartbeats; after a reconnect it logs in again and resubscribes.
 *
 * Pushes are not replayed: after a gap it emits `resumed` (once logged in again, or at once when
 * logged out) so screens reload what they missed; a refused session (login_result or error 999)
 * emits `session_refused` with `wasLoggedIn` (revoked while in use, or a stale token at start).
 * `isLive` says whether pushes are flowing; `connection` is emitted whenever it may have changed,
 * so screens can mark prices that stopped moving.
 */

export interface SocketMessage {
  type: string;
  [key: string]: unknown;
}

type Listener = (msg: SocketMessage) => void;

/** The subset of the WebSocket API the client uses (a fake one in tests). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface SocketClientOptions {
  url: () => string;
  createSocket?: (url: string) => SocketLike;
  heartbeatMs?: number;
  connectTimeoutMs?: number;
  /** Reconnect when more than this many pings went unanswered. */
  maxMissedHeartbeats?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
}

const OPEN = 1;
const SUCCESS_CODE = 1;
const SESSION_INVALID_CODE = 999;

export class SocketClient {
  private socket: SocketLike | null = null;
  private token: string | null = null;
  private readonly topics = new Map<string, number>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  private connectTimer: ReturnType<typeof setTimeout> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private missedHeartbeats = 0;
  private attempts = 0;
  private stopped = false;
  /** Closed since the last time the socket was fully back (open, and logged in when it has a token). */
  private away = false;
  /** A socket of this client has been open: a later drop is a gap (not a first connect failing). */
  private connectedOnce = false;
  /** The first connection failed before ever opening (blocked, offline): prices are not moving. */
  private firstConnectFailed = false;
  /** The current token was accepted by the server on this client. */
  private loggedIn = false;
  private readonly opts: Required<SocketClientOptions>;

  constructor(options: SocketClientOptions) {
    this.opts = {
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
      heartbeatMs: 5_000,
      connectTimeoutMs: 5_000,
      maxMissedHeartbeats: 2,
      backoffBaseMs: 1_000,
      backoffMaxMs: 15_000,
      ...options,
    };
  }

  get isOpen(): boolean {
    return this.socket?.readyState === OPEN;
  }

  /**
   * Pushes are flowing: the socket is open, or its first connection is still being made (the
   * screens show what they just read over HTTP). False through a gap, and once a first connection
   * has failed, until a socket is open again.
   */
  get isLive(): boolean {
    return this.isOpen || (!this.connectedOnce && !this.firstConnectFailed);
  }

  /**
   * The connection is known to be gone (the browser went offline): drop it now and reconnect
   * with backoff, instead of waiting for missed heartbeats to find out.
   */
  connectionLost(): void {
    if (this.stopped) return;
    if (this.socket) {
      this.reconnect();
    } else if (!this.connectedOnce && !this.firstConnectFailed) {
      this.firstConnectFailed = true;
      this.emit({ type: 'connection' });
    }
  }

  /**
   * The network is back: connect now rather than at the end of the backoff (an attempt already
   * under way is left to finish; if it fails, the next one comes after the shortest wait).
   */
  retryNow(): void {
    if (this.stopped) return;
    this.attempts = 0;
    if (this.socket || !this.reconnectTimer) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.open();
  }

  /** Opens the connection unless one is open or opening (called on every navigation). */
  ensureConnected(): void {
    this.stopped = false;
    if (this.socket) return;
    if (this.reconnectTimer) {
      clearTimeout(this.reconnectTimer);
      this.reconnectTimer = null;
    }
    this.open();
  }

  /**
   * Connects again at once (its URL may have changed: the language of its replies); logs in and
   * resubscribes as after any gap, and says `resumed` like one.
   */
  reopen(): void {
    if (this.stopped || (!this.socket && !this.reconnectTimer)) return;
    if (this.connectedOnce) this.away = true;
    this.clearTimers();
    this.dropSocket();
    this.emit({ type: 'connection' });
    if (this.reconnectTimer) {
      clearTimeout(this.reconnectTimer);
      this.reconnectTimer = null;
    }
    this.open();
  }

  login(token: string): void {
    if (token !== this.token) this.loggedIn = false;
    this.token = token;
    this.send({ type: 'login', token });
  }

  logout(): void {
    if (this.token) this.send({ type: 'logout' });
    this.token = null;
    this.loggedIn = false;
  }

  /** Subscribes to a topic (reference-counted); returns the unsubscriber. */
  subscribe(topic: string): () => void {
    const count = this.topics.get(topic) ?? 0;
    this.topics.set(topic, count + 1);
    if (count === 0) this.send({ type: 'sub', topic });
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const left = (this.topics.get(topic) ?? 1) - 1;
      if (left > 0) {
        this.topics.set(topic, left);
      } else {
        this.topics.delete(topic);
        this.send({ type: 'unsub', topic });
      }
    };
  }

  /** Listens to messages of one `type` (e.g. DAY_MARKET, KLINE.EURUSD, login_result). */
  on(type: string, fn: Listener): () => void {
    let set = this.listeners.get(type);
    if (!set) {
      set = new Set();
      this.listeners.set(type, set);
    }
    set.add(fn);
    return () => set.delete(fn);
  }

  /** Closes for good (no reconnect) until ensureConnected is called again. */
  close(): void {
    this.stopped = true;
    this.clearTimers();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.dropSocket();
  }

  private send(msg: ClientSocketMessage): boolean {
    if (!this.socket || this.socket.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(msg));
    return true;
  }

  private open(): void {
    let socket: SocketLike;
    try {
      socket = this.opts.createSocket(this.opts.url());
    } catch (err) {
      console.warn('[socket] cannot connect', err);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    this.connectTimer = setTimeout(() => {
      console.warn('[socket] connect timed out');
      this.reconnect();
    }, this.opts.connectTimeoutMs);

    socket.onopen = () => {
      if (this.socket !== socket) return;
      if (this.connectTimer) clearTimeout(this.connectTimer);
      this.connectTimer = null;
      this.attempts = 0;
      this.missedHeartbeats = 0;
      if (this.token) this.send({ type: 'login', token: this.token });
      for (const topic of this.topics.keys()) this.send({ type: 'sub', topic });
      this.heartbeatTimer = setInterval(() => this.heartbeat(), this.opts.heartbeatMs);
      this.connectedOnce = true;
      this.emit({ type: 'open' });
      this.emit({ type: 'connection' });
      if (this.away && !this.token) this.resume();
    };
    socket.onmessage = (ev) => {
      if (this.socket === socket) this.handle(ev.data);
    };
    socket.onerror = () => {
      // The close event follows and schedules the reconnect.
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.clearTimers();
      this.socket = null;
      this.away = this.connectedOnce;
      if (!this.connectedOnce) this.firstConnectFailed = true;
      this.emit({ type: 'close' });
      this.emit({ type: 'connection' });
      this.scheduleReconnect();
    };
  }

  private heartbeat(): void {
    if (this.missedHeartbeats > this.opts.maxMissedHeartbeats) {
      console.warn(`[socket] ${this.missedHeartbeats} heartbeats missed, reconnecting`);
      this.reconnect();
      return;
    }
    if (this.send({ type: 'ping' })) this.missedHeartbeats += 1;
  }

  private handle(raw: unknown): void {
    let msg: unknown;
    try {
      msg = typeof raw === 'string' ? JSON.parse(raw) : raw;
    } catch {
      console.warn('[socket] unreadable message', raw);
      return;
    }
    if (typeof msg !== 'object' || msg === null || typeof (msg as { type?: unknown }).type !== 'string') {
      console.warn('[socket] message without type', msg);
      return;
    }
    const message = msg as SocketMessage;
    if (message.type === 'ping') this.send({ type: 'pong' });
    else if (message.type === 'pong') this.missedHeartbeats = 0;
    this.emit(message);
    const code = (message as { code?: unknown }).code;
    if (message.type === 'login_result' && code === SUCCESS_CODE && this.token) {
      this.loggedIn = true;
      if (this.away) this.resume();
    } else if (
      code === SESSION_INVALID_CODE &&
      // An 'error' 999 ends the session this socket is logged in with. While a login with a new
      // token is on its way (signed in again: the server ends the replaced session), it is about the
      // session being left: the new one's own answer is the login_result.
      (message.type === 'login_result' || (message.type === 'error' && this.loggedIn))
    ) {
      const wasLoggedIn = this.loggedIn;
      this.loggedIn = false;
      // The server's reason in the trader's language ('Please log in again'), shown by the app.
      this.emit({
        type: 'session_refused',
        wasLoggedIn,
        msg: typeof message.msg === 'string' ? message.msg : '',
        // Which session ended: the app acts only if it is still the one it holds.
        token: this.token,
      });
    }
  }

  private resume(): void {
    this.away = false;
    this.emit({ type: 'resumed' });
  }

  private emit(msg: SocketMessage): void {
    const set = this.listeners.get(msg.type);
    if (!set) return;
    for (const fn of set) {
      try {
        fn(msg);
      } catch (err) {
        console.error('[socket] listener failed', err);
      }
    }
  }

  private reconnect(): void {
    // Missed heartbeats (a half-open connection, a phone waking up) are a gap like a close; a
    // first connection given up on (timed out, offline) has failed.
    if (this.connectedOnce) this.away = true;
    else this.firstConnectFailed = true;
    this.clearTimers();
    this.dropSocket();
    this.emit({ type: 'connection' });
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    const delay = Math.min(this.opts.backoffMaxMs, this.opts.backoffBaseMs * 2 ** this.attempts);
    this.attempts += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.socket && !this.stopped) this.open();
    }, delay);
  }

  private dropSocket(): void {
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
    try {
      socket.close();
    } catch {
      // already closed
    }
  }

  private clearTimers(): void {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.heartbeatTimer = null;
    this.connectTimer = null;
  }
}
