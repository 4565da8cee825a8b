import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { SocketConnection } from './socket-connection.ts';

/** A socket whose send buffer we control, standing in for a client that reads slowly. */
function fakeSocket() {
  const sent: string[] = [];
  const ws = {
    readyState: 1,
    bufferedAmount: 0,
    send(frame: Buffer | string) {
      sent.push(frame.toString());
    },
  };
  return { ws, sent, conn: new SocketConnection(ws as unknown as WebSocket, 0) };
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

describe('SocketConnection frame rate', () => {
  it('counts frames per one-second window and starts again in the next', () => {
    const c = new SocketConnection({ readyState: 1, bufferedAmount: 0, send() {} } as never, 0);
    for (let i = 1; i <= 150; i++) expect(c.countFrame(5_000 + i)).toBe(i);
    expect(c.countFrame(6_000)).toBe(151); // still the window that began at 5 001
    expect(c.countFrame(6_001)).toBe(1);
  });
});
