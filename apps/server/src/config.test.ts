import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('TRUST_PROXY', () => {
  const trust = (value?: string) => loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY;

  it('is off unless set: the connection’s own address is the client', () => {
    expect(trust()).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('false')).toBe(false);
  });

  it('takes a number of hops or addresses and ranges', () => {
    expect(trust('1')).toBe(1);
    expect(trust('127.0.0.1, 10.0.0.0/8')).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(trust('loopback,::1')).toEqual(['loopback', '::1']);
  });

  it('refuses trusting every sender and what it cannot read, naming the setting', () => {
    for (const bad of ['true', '0', '11', 'proxy.example.com', '10.0.0.0/8; rm'])
      expect(() => trust(bad), bad).toThrow(/TRUST_PROXY: a number of proxy hops/);
  });
});
