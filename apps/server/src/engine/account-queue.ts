/**
 * Commands for one account run one at a time, in arrival order (issue: "commands for one account
 * processed one at a time"); different accounts run concurrently.
 */
export class AccountQueue {
  private readonly tails = new Map<number, Promise<unknown>>();

  run<T>(userId: number, job: () => Promise<T>): Promise<T> {
    const prev = this.tails.get(userId) ?? Promise.resolve();
    const next = prev.then(job, job);
    const tail = next.catch(() => undefined);
    this.tails.set(userId, tail);
    void tail.then(() => {
      if (this.tails.get(userId) === tail) this.tails.delete(userId);
    });
    return next;
  }

  /** Resolves when every queued command has finished (shutdown, tests). */
  async idle() {
    while (this.tails.size > 0) await Promise.all([...this.tails.values()]);
  }
}
