/**
 * Counts events per key in a sliding window (login failures per account and per address, codes
 * per address). In memory: one server process holds them; a multi-node deployment moves this to
 * Redis. Pure apart from the injected clock.
 */
export class AttemptLimiter {
  private readonly events = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const list = (this.events.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length === 0) this.events.delete(key);
    else this.events.set(key, list);
    return list;
  }

  /** Milliseconds until the key may act again; 0 when it may now. */
  retryAfterMs(key: string): number {
    const list = this.recent(key);
    if (list.length < this.limit) return 0;
    return list[list.length - this.limit]! + this.windowMs - this.now();
  }

  record(key: string) {
    const list = this.recent(key);
    list.push(this.now());
    this.events.set(key, list);
  }

  reset(key: string) {
    this.events.delete(key);
  }
}
