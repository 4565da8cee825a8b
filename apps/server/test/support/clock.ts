/** A clock tests move by hand, so nothing depends on the real day of the week. */
export class ManualClock {
  constructor(public ms: number) {}
  now = () => this.ms;
  advance(ms: number) {
    this.ms += ms;
    return this.ms;
  }
}

/** Wednesday 18 November 2026, 12:00 UTC: forex, metals, crypto and London equities are open. */
export const WEDNESDAY_NOON_UTC = Date.UTC(2026, 10, 18, 12, 0, 0);
/** Saturday 21 November 2026, 12:00 UTC: forex closed, crypto open. */
export const SATURDAY_NOON_UTC = Date.UTC(2026, 10, 21, 12, 0, 0);
