import type { FramePublisher } from '../market/frame-publisher.ts';
import type { SocketConnection } from './socket-connection.ts';

/**
 * Topic → subscribers. `publish` takes a frame serialised once per tick and hands the same Buffer
 * to every subscriber (spec §7 topics; issue: serialise once per tick, not once per client).
 */
export class TopicHub implements FramePublisher {
  private readonly subscribers = new Map<string, Set<SocketConnection>>();

  subscribe(topic: string, conn: SocketConnection) {
    let set = this.subscribers.get(topic);
    if (!set) {
      set = new Set();
      this.subscribers.set(topic, set);
    }
    set.add(conn);
    conn.topics.add(topic);
  }

  unsubscribe(topic: string, conn: SocketConnection) {
    const set = this.subscribers.get(topic);
    set?.delete(conn);
    if (set?.size === 0) this.subscribers.delete(topic);
    conn.topics.delete(topic);
  }

  drop(conn: SocketConnection) {
    for (const topic of [...conn.topics]) this.unsubscribe(topic, conn);
  }

  hasSubscribers(topic: string) {
    return (this.subscribers.get(topic)?.size ?? 0) > 0;
  }

  /** `build` runs only when someone listens, and once however many listen. */
  publish(topic: string, key: string, build: () => string) {
    const set = this.subscribers.get(topic);
    if (!set || set.size === 0) return 0;
    const frame = Buffer.from(build());
    for (const conn of set) conn.push(key, frame);
    return set.size;
  }

  subscriberCount(topic: string) {
    return this.subscribers.get(topic)?.size ?? 0;
  }
}
