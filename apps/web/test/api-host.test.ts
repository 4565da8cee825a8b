import { describe, expect, it } from 'vitest';
import { apiHostname, apiOrigin, assetUrl, socketUrl } from '../src/lib/api-host';

const loc = (hostname: string, protocol = 'https:', port = '') => ({ hostname, protocol, port });

describe('API host rule (spec §7, DESIGN §1)', () => {
  it.each([
    ['www.x.com', 'api.x.com'],
    ['m.broker.example.com', 'api.broker.example.com'],
    ['app.x.co.uk', 'api.x.co.uk'],
    ['api.x.com', 'api.x.com'],
  ])('replaces the first sub-domain of %s with api', (host, expected) => {
    expect(apiHostname(host)).toBe(expected);
  });

  it.each(['localhost', '127.0.0.1', '192.168.1.20', '[::1]', 'x.com', 'x.co.uk', 'dev.localhost'])(
    'uses the page origin on %s (localhost, IP address or no sub-domain)',
    (host) => {
      expect(apiHostname(host)).toBe(host);
    },
  );

  it('builds the origin with scheme and port', () => {
    expect(apiOrigin(loc('www.x.com'))).toBe('https://api.x.com');
    expect(apiOrigin(loc('127.0.0.1', 'http:', '8080'))).toBe('http://127.0.0.1:8080');
    expect(apiOrigin(loc('localhost', 'http:', '5173'))).toBe('http://localhost:5173');
  });

  it('derives the socket url (wss on https)', () => {
    expect(socketUrl(loc('www.x.com'))).toBe('wss://api.x.com/v1/ws');
    expect(socketUrl(loc('127.0.0.1', 'http:', '8080'))).toBe('ws://127.0.0.1:8080/v1/ws');
    expect(socketUrl(loc('127.0.0.1', 'http:', '8080'), 'ar')).toBe('ws://127.0.0.1:8080/v1/ws?lang=ar');
  });

  it('serves relative asset paths from the API host', () => {
    expect(assetUrl('/logos/eurusd.svg', loc('www.x.com'))).toBe('https://api.x.com/logos/eurusd.svg');
    expect(assetUrl('https://cdn.y.com/a.png', loc('www.x.com'))).toBe('https://cdn.y.com/a.png');
  });
});
