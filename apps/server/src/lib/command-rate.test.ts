import { describe, expect, it } from 'vitest';
import { COMMAND_BURST, COMMANDS_PER_SECOND, CommandRate } from './command-rate.ts';

describe('CommandRate', () => {
  it('lets an idle account send a burst, then its rate, per account', () => {
    let t = 1_000_000;
    const rate = new CommandRate(() => t);
    for (let i = 0; i < COMMAND_BURST; i++) expect(rate.take(7)).toBe(true);
    expect(rate.take(7)).toBe(false);
    // Another account has its own budget.
    expect(rate.take(8)).toBe(true);
    // A second later: one second's worth, no more.
    t += 1000;
    for (let i = 0; i < COMMANDS_PER_SECOND; i++) expect(rate.take(7)).toBe(true);
    expect(rate.take(7)).toBe(false);
    // Refused attempts spend nothing: 20 ms later exactly one more.
    t += 20;
    expect(rate.take(7)).toBe(true);
    expect(rate.take(7)).toBe(false);
  });

  it('refills nothing when the clock steps back, and never beyond the burst', () => {
    let t = 5_000;
    const rate = new CommandRate(() => t, 10, 3);
    for (let i = 0; i < 3; i++) rate.take(1);
    t -= 4_000;
    expect(rate.take(1)).toBe(false);
    t += 3_600_000;
    for (let i = 0; i < 3; i++) expect(rate.take(1)).toBe(true);
    expect(rate.take(1)).toBe(false);
  });

  it('forgets accounts whose bucket has refilled, so memory follows recent activity', () => {
    let t = 0;
    const rate = new CommandRate(() => t, 10, 5);
    for (let id = 1; id <= 1000; id++) rate.take(id);
    expect(rate.size).toBe(1000);
    t += 61_000;
    rate.take(5000);
    expect(rate.size).toBe(1);
  });
});
