import { describe, expect, it } from 'vitest';
import { isAllowedOrigin } from './cross-origin.ts';

describe('isAllowedOrigin', () => {
  const none = new Set<string>();
  it('allows the pages of the API host family (spec §7: www.x.com calls api.x.com)', () => {
    expect(isAllowedOrigin('https://www.broker.com', 'api.broker.com', none)).toBe(true);
    expect(isAllowedOrigin('https://pc.broker.com', 'api.broker.com', none)).toBe(true);
    expect(isAllowedOrigin('https://broker.com', 'api.broker.com', none)).toBe(true);
    expect(isAllowedOrigin('https://www.broker.co.uk', 'api.broker.co.uk:443', none)).toBe(true);
  });
  it('refuses look-alikes, other domains, other schemes and a host that is not an API host', () => {
    expect(isAllowedOrigin('https://www.broker.com.evil.net', 'api.broker.com', none)).toBe(false);
    expect(isAllowedOrigin('https://evilbroker.com', 'api.broker.com', none)).toBe(false);
    expect(isAllowedOrigin('https://www.other.com', 'api.broker.com', none)).toBe(false);
    expect(isAllowedOrigin('file://www.broker.com', 'api.broker.com', none)).toBe(false);
    expect(isAllowedOrigin('null', 'api.broker.com', none)).toBe(false);
    expect(isAllowedOrigin('https://www.broker.com', 'broker.com', none)).toBe(false);
    expect(isAllowedOrigin('https://x.com', 'api.com', none)).toBe(false);
    expect(isAllowedOrigin('https://www.broker.com', undefined, none)).toBe(false);
  });
  it('allows the configured extra origins exactly', () => {
    const extra = new Set(['http://localhost:5173']);
    expect(isAllowedOrigin('http://localhost:5173', '127.0.0.1:8080', extra)).toBe(true);
    expect(isAllowedOrigin('http://localhost:5174', '127.0.0.1:8080', extra)).toBe(false);
  });
});
