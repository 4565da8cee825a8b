import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { SocketConnection } from './socket-connection.ts';
import { UserChannels } from './user-channels.ts';

function socket() {
  const sent: string[] = [];
  const ws = { readyState: 1, bufferedAmount: 0, send: (f: Buffer | string) => sent.push(f.toString()) };
  return { ws, sent, conn: new SocketConnection(ws as unknown as WebSocket, 0) };
}

describe('UserChannels', () => {
  it("drops a user's frames parked on a slow socket when it leaves that user (logout, another login)", () => {
    const channels = new UserChannels();
    const a = socket();
    channels.add(7, a.conn);
    a.ws.bufferedAmount = 10 * 1024 * 1024;
    a.conn.push('DM:1', Buffer.from('quote')); // a public frame, still for whoever reads the socket
    channels.send(7, 'FOREX_CLOSED', 'FC:133', { type: 'FOREX_CLOSED', data: [133] });
    channels.send(7, 'FOREX_TRADE', 'FT', { type: 'FOREX_TRADE', data: {} });
    expect(a.conn.parkedCount).toBe(3);
    channels.remove(7, a.conn);
    channels.add(8, a.conn);
    a.ws.bufferedAmount = 0;
    a.conn.flushParked();
    expect(a.sent).toEqual(['quote']);
  });

  it('sends nothing of a topic to a socket that unsubscribed from it, and to one socket when asked', () => {
    const channels = new UserChannels();
    const a = socket();
    const b = socket();
    channels.add(7, a.conn);
    channels.add(7, b.conn);
    b.conn.mutedOwnTopics.add('FOREX_TRADE');
    channels.send(7, 'FOREX_TRADE', 'FT', { n: 1 });
    channels.send(7, 'FOREX_CLOSED', 'FC:1', { n: 2 });
    expect(a.sent).toEqual(['{"n":1}', '{"n":2}']);
    expect(b.sent).toEqual(['{"n":2}']);
    channels.send(7, 'FOREX_CLOSED', 'FC:2', { n: 3 }, b.conn);
    expect(a.sent).toHaveLength(2);
    expect(b.sent).toEqual(['{"n":2}', '{"n":3}']);
    // Never to a socket that is not the user's.
    const c = socket();
    channels.send(7, 'FOREX_CLOSED', 'FC:3', { n: 4 }, c.conn);
    expect(c.sent).toEqual([]);
  });

  it('tells its join listeners which socket joined', () => {
    const channels = new UserChannels();
    const seen: Array<[number, SocketConnection]> = [];
    channels.onJoin((userId, conn) => seen.push([userId, conn]));
    const a = socket();
    channels.add(5, a.conn);
    expect(seen).toEqual([[5, a.conn]]);
  });
});
