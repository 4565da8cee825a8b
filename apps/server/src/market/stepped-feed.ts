import { QuoteListeners } from './quote-listeners.ts';
import type { Clock, QuoteListener } from './types.ts';

/**
 * What the feeds that compute their own quotes (simulated, replay) share: their listeners, and the
 * timer that runs `step` every `stepMs` at the clock's time without keeping the process alive.
 */
export abstract class SteppedFeed {
  protected readonly listeners: QuoteListeners;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    protected readonly clock: Clock,
    private readonly stepMs: number,
    onListenerError?: (error: unknown) => void,
  ) {
    this.listeners = new QuoteListeners(onListenerError);
  }

  /** Emit every quote that is due at `nowMs`. */
  abstract step(nowMs: number): void;

  onQuote(listener: QuoteListener): () => void {
    return this.listeners.add(listener);
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.step(this.clock.now()), this.stepMs);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
