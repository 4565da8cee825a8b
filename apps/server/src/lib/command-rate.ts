/**
 * How fast one account may send trading commands (submit, close, cancel, stop edits, demo reset):
 * a token bucket per account. A trader's taps and a sane API client never reach it; a script
 * looping submit/cancel is held to `perSecond`, so one account cannot flood the engine and the
 * journal (the live-orders cap bounds what it keeps, not how fast it churns).
 */
export const COMMANDS_PER_SECOND = 50;
/** Commands an idle account may send at once (a basket of orders placed together). */
export const COMMAND_BURST = 100;

interface Bucket {
  tokens: number;
  atMs: number;
}

export class CommandRate {
  private readonly buckets = new Map<number, Bucket>();
  private sweptAtMs: number;

  constructor(
    private readonly now: () => number,
    private readonly perSecond = COMMANDS_PER_SECOND,
    private readonly burst = COMMAND_BURST,
  ) {
    this.sweptAtMs = now();
  }

  /** Takes one command's token; false when the account has none left (the command is refused). */
  take(accountId: number): boolean {
    const now = this.now();
    if (now - this.sweptAtMs > 60_000) this.sweep(now);
    const b = this.buckets.get(accountId);
    if (b === undefined) {
      this.buckets.set(accountId, { tokens: this.burst - 1, atMs: now });
      return true;
    }
    // A clock that steps back (tests, NTP) refills nothing rather than a negative amount.
    b.tokens = Math.min(this.burst, b.tokens + (Math.max(0, now - b.atMs) * this.perSecond) / 1000);
    b.atMs = now;
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  /** Accounts tracked (buckets not yet refilled): memory stays bounded by recent activity. */
  get size(): number {
    return this.buckets.size;
  }

  /** Forgets buckets that have refilled: the same as no bucket. */
  private sweep(now: number) {
    this.sweptAtMs = now;
    for (const [id, b] of this.buckets)
      if (b.tokens + ((now - b.atMs) * this.perSecond) / 1000 >= this.burst) this.buckets.delete(id);
  }
}
