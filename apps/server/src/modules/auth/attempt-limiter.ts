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

  /**
   * Counts an attempt now, before its outcome is known, so attempts still being checked count
   * against the limit (twelve parallel guesses were all tried where five were allowed). The
   * returned function takes it back, for an attempt that turned out not to count (it succeeded).
   */
  claim(key: string): () => void {
    const at = this.now();
    this.record(key);
    let taken = false;
    return () => {
      if (taken) return;
      taken = true;
      const list = this.events.get(key);
      const i = list ? list.lastIndexOf(at) : -1;
      if (i < 0) return;
      list!.splice(i, 1);
      if (list!.length === 0) this.events.delete(key);
    };
  }

  reset(key: string) {
    this.events.delete(key);
  }
}

/** One attempt claimed under each (limiter, key) at once; the result takes them all back. */
export function claimAll(...claims: Array<[AttemptLimiter, string]>): () => void {
  const takeBack = claims.map(([limiter, key]) => limiter.claim(key));
  return () => {
    for (const f of takeBack) f();
  };
}
