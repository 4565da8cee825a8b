import type { SocketConnection } from './socket-connection.ts';

/**
 * Logged-in sockets by user, for pushes addressed to one person (FOREX_TRADE, FOREX_CLOSED).
 * The gateway adds a socket on `login` and removes it on logout or close.
 */
export class UserChannels {
  private readonly byUser = new Map<number, Set<SocketConnection>>();
  private readonly joined = new Set<(userId: number) => void>();

  add(userId: number, conn: SocketConnection) {
    const set = this.byUser.get(userId) ?? new Set<SocketConnection>();
    set.add(conn);
    this.byUser.set(userId, set);
    for (const fn of this.joined) fn(userId);
  }

  /**
   * Called whenever a socket logs in for a user (a new device, or one back after a drop): what it
   * missed while away must reach it (pushes are not replayed).
   */
  onJoin(fn: (userId: number) => void): () => void {
    this.joined.add(fn);
    return () => this.joined.delete(fn);
  }

  remove(userId: number, conn: SocketConnection) {
    const set = this.byUser.get(userId);
    set?.delete(conn);
    if (set?.size === 0) this.byUser.delete(userId);
  }

  isOnline(userId: number) {
    return (this.byUser.get(userId)?.size ?? 0) > 0;
  }

  /** Serialised once, sent to each of the user's sockets; `key` coalesces for slow sockets. */
  send(userId: number, key: string, message: object) {
    const set = this.byUser.get(userId);
    if (!set || set.size === 0) return;
    const frame = Buffer.from(JSON.stringify(message));
    for (const conn of set) conn.push(key, frame);
  }

  onlineUsers() {
    return [...this.byUser.keys()];
  }
}
