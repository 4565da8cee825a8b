import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('TRUST_PROXY', () => {
  const trust = (value?: string) => loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY;

  it('is off unless set: the connection’s own address is the client', () => {
    expect(trust()).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('false')).toBe(false);
  });

  it('takes the proxies’ addresses and ranges', () => {
    expect(trust('127.0.0.1, 10.0.0.0/8')).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(trust('loopback,::1,fd00::/8')).toEqual(['loopback', '::1', 'fd00::/8']);
  });

  it('refuses what would believe any sender (a hop count, true) and what is no address, naming the setting', () => {
    for (const bad of [
      'true',
      '1',
      '2',
      'proxy.example.com',
      '10.0.0.0/8; rm',
      'cafe',
      '10.0.0.0/33',
      '::::',
      '::1/129',
    ])
      expect(() => trust(bad), bad).toThrow(/TRUST_PROXY: the proxies' addresses or ranges/);
  });
});

describe('SMS_URL', () => {
  it('takes an http(s) URL, credentials included, and refuses anything else, naming the setting', () => {
    expect(loadConfig({}).SMS_URL).toBeUndefined();
    expect(loadConfig({ SMS_URL: 'https://user:key@sms.example.com/send' }).SMS_URL).toBe(
      'https://user:key@sms.example.com/send',
    );
    expect(loadConfig({ SMS_URL: 'http://127.0.0.1:9000/send' }).SMS_URL).toBe('http://127.0.0.1:9000/send');
    for (const bad of [
      'smtp://mail.example.com',
      'sms.example.com/send',
      'https://',
      'http://exa mple.com',
      'http://sms.example.com/send', // clear text over the network
      'https://user:50%@sms.example.com/send',
    ])
      expect(() => loadConfig({ SMS_URL: bad }), bad).toThrow(/SMS_URL/);
  });
});

describe('MARKET_FEED=external', () => {
  it('needs a ws(s) bridge URL, takes a symbol map, and refuses a malformed one', () => {
    expect(() => loadConfig({ MARKET_FEED: 'external' })).toThrow(/MARKET_FEED_URL: required/);
    expect(() => loadConfig({ MARKET_FEED: 'external', MARKET_FEED_URL: 'http://x' })).toThrow(
      /MARKET_FEED_URL/,
    );
    // Prices in clear text could be changed on the way: ws:// only to this machine.
    expect(() => loadConfig({ MARKET_FEED: 'external', MARKET_FEED_URL: 'ws://bridge.example.com' })).toThrow(
      /MARKET_FEED_URL: must be a wss:\/\/ URL/,
    );
    expect(
      loadConfig({ MARKET_FEED: 'external', MARKET_FEED_URL: 'ws://127.0.0.1:9000' }).MARKET_FEED_URL,
    ).toBe('ws://127.0.0.1:9000');
    const c = loadConfig({
      MARKET_FEED: 'external',
      MARKET_FEED_URL: 'wss://bridge.example.com/quotes',
      MARKET_FEED_SYMBOLS: 'XAUUSD=GOLD',
    });
    expect(c.MARKET_FEED_MAX_AGE_MS).toBe(10_000);
    expect(() => loadConfig({ MARKET_FEED_SYMBOLS: 'XAUUSD' })).toThrow(
      /MARKET_FEED_SYMBOLS: expected CODE=SYMBOL/,
    );
  });
});
