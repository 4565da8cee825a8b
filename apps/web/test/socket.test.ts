import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SocketClient, type SocketLike } from '../src/lib/socket';

class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  sent: Array<Record<string, unknown>> = [];
  closed = false;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  // server side
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  push(msg: unknown) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
  types() {
    return this.sent.map((m) => m.type);
  }
}

describe('socket client (spec §7, §9)', () => {
  let sockets: FakeSocket[];
  let client: SocketClient;
  const last = () => sockets[sockets.length - 1]!;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    sockets = [];
    client = new SocketClient({
      url: () => 'ws://127.0.0.1:8080/v1/ws',
      createSocket: (url) => {
        const s = new FakeSocket(url);
        sockets.push(s);
        return s;
      },
    });
  });
  afterEach(() => {
    client.close();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('connects once to /v1/ws, logs in and subscribes on open', () => {
    client.ensureConnected();
    client.ensureConnected();
    expect(sockets).toHaveLength(1);
    expect(last().url).toBe('ws://127.0.0.1:8080/v1/ws');
    client.login('tok');
    client.subscribe('DAY_MARKET');
    last().open();
    expect(last().sent).toEqual([
      { type: 'login', token: 'tok' },
      { type: 'sub', topic: 'DAY_MARKET' },
    ]);
  });

  it('sends sub/unsub once per topic (reference counted) and logout', () => {
    client.ensureConnected();
    last().open();
    const a = client.subscribe('KLINE.EURUSD');
    const b = client.subscribe('KLINE.EURUSD');
    a();
    a();
    expect(last().types()).toEqual(['sub']);
    b();
    expect(last().sent.at(-1)).toEqual({ type: 'unsub', topic: 'KLINE.EURUSD' });
    client.login('tok');
    client.logout();
    expect(last().sent.slice(-2)).toEqual([{ type: 'login', token: 'tok' }, { type: 'logout' }]);
  });

  it('pings every 5 s and answers a server ping with pong', () => {
    client.ensureConnected();
    last().open();
    vi.advanceTimersByTime(4_999);
    expect(last().types()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(last().types()).toEqual(['ping']);
    last().push({ type: 'pong' });
    vi.advanceTimersByTime(5_000);
    expect(last().types()).toEqual(['ping', 'ping']);
    last().push({ type: 'ping' });
    expect(last().sent.at(-1)).toEqual({ type: 'pong' });
  });

  it('keeps the connection while pongs arrive', () => {
    client.ensureConnected();
    last().open();
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(5_000);
      last().push({ type: 'pong' });
    }
    expect(sockets).toHaveLength(1);
    expect(last().closed).toBe(false);
  });

  it('reconnects after more than 2 missed heartbeats, then re-logs-in and resubscribes', () => {
    client.login('tok');
    client.subscribe('DAY_MARKET');
    client.subscribe('KLINE.XAUUSD');
    client.ensureConnected();
    const first = last();
    first.open();
    vi.advanceTimersByTime(15_000); // 3 pings, none answered
    expect(first.types().filter((t) => t === 'ping')).toHaveLength(3);
    expect(first.closed).toBe(false);
    vi.advanceTimersByTime(5_000); // the 4th beat finds 3 missed: > 2
    expect(first.closed).toBe(true);
    expect(console.warn).toHaveBeenCalled();
    vi.advanceTimersByTime(1_000); // backoff
    expect(sockets).toHaveLength(2);
    last().open();
    expect(last().sent).toEqual([
      { type: 'login', token: 'tok' },
      { type: 'sub', topic: 'DAY_MARKET' },
      { type: 'sub', topic: 'KLINE.XAUUSD' },
    ]);
  });

  it('reconnects with backoff when the connection closes', () => {
    client.ensureConnected();
    last().open();
    last().drop();
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    last().drop(); // failed again before opening
    vi.advanceTimersByTime(1_999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    last().open(); // success resets the backoff
    last().drop();
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(4);
  });

  it('gives up a connection attempt after 5 s and retries', () => {
    client.ensureConnected();
    vi.advanceTimersByTime(5_000);
    expect(sockets[0]!.closed).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(2);
  });

  it('warns on a message without type and dispatches typed ones', () => {
    const ticks: unknown[] = [];
    client.on('DAY_MARKET', (m) => ticks.push(m.data));
    client.ensureConnected();
    last().open();
    last().push({ data: { Id: 1 } });
    expect(console.warn).toHaveBeenCalledWith('[socket] message without type', { data: { Id: 1 } });
    last().push({ type: 'DAY_MARKET', data: { Id: 7, Close: 1.1 } });
    expect(ticks).toEqual([{ Id: 7, Close: 1.1 }]);
  });

  it('after a gap emits resumed once logged in again (pushes are not replayed), never on the first connect', () => {
    const resumed = vi.fn();
    client.on('resumed', resumed);
    client.login('tok');
    client.ensureConnected();
    last().open();
    last().push({ type: 'login_result', code: 1, msg: 'ok' });
    expect(resumed).not.toHaveBeenCalled();
    last().drop();
    vi.advanceTimersByTime(1_000);
    last().open();
    expect(resumed).not.toHaveBeenCalled(); // not before the login is bound: its pushes would be lost
    last().push({ type: 'login_result', code: 1, msg: 'ok' });
    expect(resumed).toHaveBeenCalledTimes(1);
    // Logged out: back as soon as it is open.
    client.logout();
    last().drop();
    vi.advanceTimersByTime(1_000);
    last().open();
    expect(resumed).toHaveBeenCalledTimes(2);
  });

  it('emits resumed after a gap found by missed heartbeats too, but not after a first connect that failed', () => {
    const resumed = vi.fn();
    client.on('resumed', resumed);
    client.ensureConnected();
    last().drop(); // the very first attempt fails: no gap, nothing missed
    vi.advanceTimersByTime(1_000);
    last().open();
    expect(resumed).not.toHaveBeenCalled();
    client.login('tok');
    last().push({ type: 'login_result', code: 1, msg: 'ok' });
    vi.advanceTimersByTime(20_000); // a half-open connection: no pongs, the client gives up on it
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(3);
    last().open();
    last().push({ type: 'login_result', code: 1, msg: 'ok' });
    expect(resumed).toHaveBeenCalledTimes(1);
  });

  it('ignores the end of a session it is leaving for a new token (signed in again)', () => {
    const refused = vi.fn();
    client.on('session_refused', refused);
    client.login('old-token');
    client.ensureConnected();
    last().open();
    last().push({ type: 'login_result', code: 1, msg: 'ok' });
    client.login('new-token');
    // The server ends the replaced session before this socket's new login is answered.
    last().push({ type: 'error', code: 999, msg: 'Please log in again' });
    expect(refused).not.toHaveBeenCalled();
    last().push({ type: 'login_result', code: 1, msg: 'ok' });
    // Once on the new session, its end is heard as before.
    last().push({ type: 'error', code: 999, msg: 'Please log in again' });
    expect(refused).toHaveBeenCalledTimes(1);
  });

  it('emits session_refused on a 999, saying whether the session had been accepted', () => {
    const refused = vi.fn();
    client.on('session_refused', (m) => refused(m.wasLoggedIn, m.msg));
    client.login('stale');
    client.ensureConnected();
    last().open();
    last().push({ type: 'login_result', code: 999, msg: 'gone' });
    expect(refused).toHaveBeenLastCalledWith(false, 'gone');
    client.login('tok');
    last().push({ type: 'login_result', code: 1, msg: 'ok' });
    // Revoked elsewhere while in use: the server says so, then closes.
    last().push({ type: 'error', code: 999, msg: 'Please log in again' });
    // With the server's reason, for the app to show.
    expect(refused).toHaveBeenLastCalledWith(true, 'Please log in again');
    expect(refused).toHaveBeenCalledTimes(2);
  });

  it('says whether pushes are flowing, and when that may have changed', () => {
    const changes = vi.fn();
    client.on('connection', changes);
    client.ensureConnected();
    expect(client.isLive).toBe(true); // connecting for the first time: the screens show what HTTP just read
    last().drop(); // the first attempt failed (blocked, offline): prices will not move until one opens
    expect(client.isLive).toBe(false);
    expect(changes).toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    last().open();
    expect(client.isLive).toBe(true);
    const before = changes.mock.calls.length;
    last().drop();
    expect(client.isLive).toBe(false);
    expect(changes.mock.calls.length).toBeGreaterThan(before);
    vi.advanceTimersByTime(1_000);
    expect(client.isLive).toBe(false); // connecting is not connected
    last().open();
    expect(client.isLive).toBe(true);
    // A half-open connection found by missed heartbeats is a gap at once.
    const beforeHeartbeats = changes.mock.calls.length;
    vi.advanceTimersByTime(20_000);
    expect(client.isLive).toBe(false);
    expect(changes.mock.calls.length).toBeGreaterThan(beforeHeartbeats);
  });

  it('drops the connection when the browser goes offline, and connects at once when it is back', () => {
    client.ensureConnected();
    last().open();
    client.connectionLost();
    expect(client.isLive).toBe(false);
    expect(sockets[0]!.closed).toBe(true);
    // Offline: attempts fail and back off (1 s, 2 s, 4 s …).
    vi.advanceTimersByTime(1_000);
    last().drop();
    vi.advanceTimersByTime(2_000);
    last().drop();
    expect(sockets).toHaveLength(3);
    client.retryNow(); // online again: not at the end of the 4 s wait
    expect(sockets).toHaveLength(4);
    last().open();
    expect(client.isLive).toBe(true);
    client.retryNow(); // open already: nothing
    expect(sockets).toHaveLength(4);
  });

  it('is not live when the first connection times out or the browser is offline before it opens', () => {
    client.ensureConnected();
    expect(client.isLive).toBe(true);
    vi.advanceTimersByTime(5_000); // the connect time-out: given up
    expect(client.isLive).toBe(false);
    const other = new SocketClient({
      url: () => 'ws://127.0.0.1:8080/v1/ws',
      createSocket: (url) => {
        const s = new FakeSocket(url);
        sockets.push(s);
        return s;
      },
    });
    other.ensureConnected();
    other.connectionLost(); // offline while the first connection was being made
    expect(other.isLive).toBe(false);
    // Back online while an attempt is under way: it is left to finish, and if it fails the next
    // one comes after the shortest wait, not the grown backoff.
    vi.advanceTimersByTime(1_000);
    const pending = sockets.length;
    other.retryNow();
    expect(sockets).toHaveLength(pending);
    last().drop();
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(pending + 1);
    last().open();
    expect(other.isLive).toBe(true);
    other.close();
  });

  it('does not reconnect after close()', () => {
    client.ensureConnected();
    last().open();
    client.close();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('reopens at once on a new URL (a language switch), logging in and resubscribing', () => {
    let lang = 'en';
    const reopened = new SocketClient({
      url: () => `ws://127.0.0.1:8080/v1/ws?lang=${lang}`,
      createSocket: (url) => {
        const s = new FakeSocket(url);
        sockets.push(s);
        return s;
      },
    });
    reopened.ensureConnected();
    reopened.login('tok');
    reopened.subscribe('DAY_MARKET');
    last().open();
    lang = 'de';
    reopened.reopen();
    expect(sockets).toHaveLength(2);
    expect(last().url).toBe('ws://127.0.0.1:8080/v1/ws?lang=de');
    last().open();
    expect(last().sent).toEqual([
      { type: 'login', token: 'tok' },
      { type: 'sub', topic: 'DAY_MARKET' },
    ]);
    reopened.close();
    reopened.reopen(); // closed for good: stays closed
    expect(sockets).toHaveLength(2);
  });
});
