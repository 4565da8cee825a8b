import {
  ALL_CALLS,
  abbreviatedKlineCall,
  basicInfoCall,
  categoriesCall,
  TOPIC_DAY_MARKET as contractDayMarket,
  klineTopic as contractKlineTopic,
  demoLoginCall,
  klineCall,
  tradeListCall,
  userInfoCall,
  walletBalanceCall,
} from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { calls, klineTopic, TOPIC_DAY_MARKET } from '../src/lib/calls';

describe('call references match the contracts', () => {
  const pairs = [
    [calls.tradeList, tradeListCall],
    [calls.categories, categoriesCall],
    [calls.kline, klineCall],
    [calls.abbreviatedKline, abbreviatedKlineCall],
    [calls.demoLogin, demoLoginCall],
    [calls.userInfo, userInfoCall],
    [calls.walletBalance, walletBalanceCall],
    [calls.basicInfo, basicInfoCall],
  ] as const;

  it.each(pairs)('%o', (ref, contract) => {
    expect(ref).toEqual({ method: contract.method, path: contract.path });
    expect(ALL_CALLS).toContain(contract);
  });

  it('topics', () => {
    expect(TOPIC_DAY_MARKET).toBe(contractDayMarket);
    expect(klineTopic('EURUSD')).toBe(contractKlineTopic('EURUSD'));
  });
});
