import type { SocketConnection } from './socket-connection.ts';

/** The pushes addressed to one person. */
export type OwnTopic = 'FOREX_TRADE' | 'FOREX_CLOSED' | 'COPY_TRADE';
export const OWN_TOPICS: readonly string[] = [
  'FOREX_TRADE',
  'FOREX_CLOSED',
  'COPY_TRADE',
] satisfies OwnTopic[];

/** Parking keys of a user's own frames on a slow socket (dropped when the socket's user changes). */
export const OWN_FRAME_KEY_PREFIX = 'own:';

/**
 * Logged-in sockets by user, for pushes addressed to one person (FOREX_TRADE, FOREX_CLOSED).
 * The gateway adds a socket on `login` and removes it on logout or close.
 */
export class UserChannels {
  private readonly byUser = new Map<number, Set<SocketConnection>>();
  private readonly joined = new Set<(userId: number, conn: SocketConnection) => void>();

  add(userId: number, conn: SocketConnection) {
    const set = this.byUser.get(userId) ?? new Set<SocketConnection>();
    set.add(conn);
    this.byUser.set(userId, set);
    for (const fn of this.joined) fn(userId, conn);
  }

  /**
   * Called whenever a socket logs in for a user (a new device, or one back after a drop): what it
   * missed while away must reach it (pushes are not replayed).
   */
  onJoin(fn: (userId: number, conn: SocketConnection) => void): () => void {
    this.joined.add(fn);
    return () => this.joined.delete(fn);
  }

  remove(userId: number, conn: SocketConnection) {
    const set = this.byUser.get(userId);
    set?.delete(conn);
    if (set?.size === 0) this.byUser.delete(userId);
    // Frames of this user still parked on a slow socket are not for whoever logs in on it next.
    conn.dropParked(OWN_FRAME_KEY_PREFIX);
  }

  isOnline(userId: number) {
    return (this.byUser.get(userId)?.size ?? 0) > 0;
  }

  /**
   * Serialised once, sent to each of the user's sockets that did not unsubscribe from `topic`;
   * `key` coalesces for slow sockets. With `only`, to that one socket (a socket that just joined).
   */
  send(userId: number, topic: OwnTopic, key: string, message: object, only?: SocketConnection) {
    const set = this.byUser.get(userId);
    if (!set || set.size === 0) return;
    const frame = Buffer.from(JSON.stringify(message));
    const parkAs = OWN_FRAME_KEY_PREFIX + key;
    for (const conn of only ? [only] : set)
      if (set.has(conn) && !conn.mutedOwnTopics.has(topic)) conn.push(parkAs, frame);
  }

  onlineUsers() {
    return [...this.byUser.keys()];
  }
}
