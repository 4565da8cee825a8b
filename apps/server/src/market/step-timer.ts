/**
 * The timer of a feed that computes its quotes (simulated, replay): `step` runs every `everyMs`
 * and does not keep the process alive on its own.
 */
export class StepTimer {
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly step: () => void,
    private readonly everyMs: number,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(this.step, this.everyMs);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
