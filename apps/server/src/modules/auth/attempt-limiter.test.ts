import { describe, expect, it } from 'vitest';
import { AttemptLimiter } from './attempt-limiter.ts';

describe('AttemptLimiter', () => {
  it('blocks after the limit within the window and frees up as events age out', () => {
    let now = 0;
    const l = new AttemptLimiter(3, 60_000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(l.retryAfterMs('a')).toBe(0);
      l.record('a');
      now += 1_000;
    }
    expect(l.retryAfterMs('a')).toBe(57_000); // the first event (t=0) leaves the window at 60 s
    expect(l.retryAfterMs('b')).toBe(0); // keys are independent
    now = 60_001;
    expect(l.retryAfterMs('a')).toBe(0);
    l.reset('a');
    expect(l.retryAfterMs('a')).toBe(0);
  });

  it('claims count at once and can be taken back, each once', () => {
    const now = 5_000;
    const l = new AttemptLimiter(2, 60_000, () => now);
    const first = l.claim('a');
    const second = l.claim('a');
    expect(l.retryAfterMs('a')).toBeGreaterThan(0); // two in flight: the limit is reached
    first();
    expect(l.retryAfterMs('a')).toBe(0);
    first(); // a second take-back of the same claim removes nothing more
    expect(l.retryAfterMs('a')).toBe(0);
    l.record('a');
    expect(l.retryAfterMs('a')).toBeGreaterThan(0);
    second();
    expect(l.retryAfterMs('a')).toBe(0);
  });
});
