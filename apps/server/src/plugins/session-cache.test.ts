import { describe, expect, it } from 'vitest';
import { SessionEvents } from '../lib/session-events.ts';
import { SessionCache } from './authentication.ts';

describe('SessionCache', () => {
  const user = { userId: 7, sessionId: 3, tokenHash: 'h1' };

  it('serves a live session for ten seconds of wall time, then asks again', () => {
    const cache = new SessionCache(new SessionEvents());
    cache.put(user, 1_000_000, 0);
    expect(cache.get('h1', 9_999, 500)).toEqual(user);
    expect(cache.get('h1', 10_000, 500)).toBeNull();
  });

  it('never serves a session past its own expiry on the product clock', () => {
    const cache = new SessionCache(new SessionEvents());
    cache.put(user, 1_000, 0);
    expect(cache.get('h1', 1, 999)).toEqual(user);
    expect(cache.get('h1', 1, 1_000)).toBeNull();
  });

  it('forgets a revoked session at once', () => {
    const events = new SessionEvents();
    const cache = new SessionCache(events);
    cache.put(user, 1_000_000, 0);
    cache.put({ ...user, tokenHash: 'h2' }, 1_000_000, 0);
    events.revoked(['h1']);
    expect(cache.get('h1', 1, 1)).toBeNull();
    expect(cache.get('h2', 1, 1)?.tokenHash).toBe('h2');
  });
});
