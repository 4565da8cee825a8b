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
});
