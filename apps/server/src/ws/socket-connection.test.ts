import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { klineFrameKey } from '../market/kline-topic.ts';
import { MAX_PARKED_FRAMES, SocketConnection } from './socket-connection.ts';

/** A socket whose send buffer we control, standing in for a client that reads slowly. */
function fakeSocket() {
  const sent: string[] = [];
  const closed: Array<[number, string]> = [];
  const ws = {
    readyState: 1,
    bufferedAmount: 0,
    send(frame: Buffer | string) {
      sent.push(frame.toString());
    },
    close(code: number, reason: string) {
      closed.push([code, reason]);
      ws.readyState = 2;
    },
  };
  return { ws, sent, closed, conn: new SocketConnection(ws as unknown as WebSocket, 0) };
}

describe('SocketConnection back-pressure', () => {
  it('sends straight through while the client keeps up', () => {
    const { conn, sent } = fakeSocket();
    conn.push('DM:1', Buffer.from('a'));
    conn.push('DM:1', Buffer.from('b'));
    expect(sent).toEqual(['a', 'b']);
  });

  it('keeps only the latest frame per key for a slow client, so memory is bounded', () => {
    const { ws, conn, sent } = fakeSocket();
    ws.bufferedAmount = 10 * 1024 * 1024;
    for (let i = 0; i < 10_000; i++) {
      conn.push(`DM:${i % 40}`, Buffer.from(`q${i}`));
    }
    expect(sent).toEqual([]);
    expect(conn.parkedCount).toBe(40);
    conn.flushParked(); // still slow: nothing goes
    expect(sent).toEqual([]);
    ws.bufferedAmount = 0;
    conn.flushParked();
    expect(sent).toHaveLength(40);
    expect(sent).toContain('q9999');
    expect(sent).not.toContain('q0');
    expect(conn.parkedCount).toBe(0);
  });

  it('keeps order behind parked frames: once slow, new frames queue until flushed', () => {
    const { ws, conn, sent } = fakeSocket();
    ws.bufferedAmount = 1024 * 1024;
    conn.push('DM:1', Buffer.from('old'));
    ws.bufferedAmount = 0;
    conn.push('DM:1', Buffer.from('new'));
    expect(sent).toEqual([]);
    conn.flushParked();
    expect(sent).toEqual(['new']);
  });
});

describe('SocketConnection candles for a slow client', () => {
  it("keeps a finished candle's last update when the next candle starts while parked", () => {
    const { ws, conn, sent } = fakeSocket();
    ws.bufferedAmount = 1024 * 1024;
    // 1-minute candles of one instrument: three updates of the 10:00 bucket, then two of 10:01.
    const updates: Array<[number, string]> = [
      [600, 'c600 close=1.10'],
      [600, 'c600 close=1.11'],
      [600, 'c600 close=1.12'],
      [660, 'c660 close=1.13'],
      [660, 'c660 close=1.14'],
    ];
    for (const [time, frame] of updates) conn.push(klineFrameKey('EURUSD', '1min', time), Buffer.from(frame));
    ws.bufferedAmount = 0;
    conn.flushParked();
    // The 10:00 candle ends at 1.12 on the chart, then the 10:01 one shows its latest.
    expect(sent).toEqual(['c600 close=1.12', 'c660 close=1.14']);
  });

  it('closes a client that stays too slow for too long (1013) instead of parking without end', () => {
    const { ws, conn, sent, closed } = fakeSocket();
    ws.bufferedAmount = 1024 * 1024;
    for (let minute = 0; minute < MAX_PARKED_FRAMES; minute++)
      conn.push(klineFrameKey('EURUSD', '1min', minute * 60), Buffer.from(`m${minute}`));
    expect(closed).toEqual([]);
    expect(conn.parkedCount).toBe(MAX_PARKED_FRAMES);
    conn.push(klineFrameKey('EURUSD', '1min', MAX_PARKED_FRAMES * 60), Buffer.from('one more'));
    expect(closed).toEqual([[1013, 'too slow']]);
    expect(conn.parkedCount).toBe(0);
    ws.bufferedAmount = 0;
    conn.flushParked();
    conn.push('DM:1', Buffer.from('after'));
    expect(sent).toEqual([]);
  });
});

describe('SocketConnection frame rate', () => {
  it('counts frames per one-second window and starts again in the next', () => {
    const c = new SocketConnection({ readyState: 1, bufferedAmount: 0, send() {} } as never, 0);
    for (let i = 1; i <= 150; i++) expect(c.countFrame(5_000 + i)).toBe(i);
    expect(c.countFrame(6_000)).toBe(151); // still the window that began at 5 001
    expect(c.countFrame(6_001)).toBe(1);
  });
});
