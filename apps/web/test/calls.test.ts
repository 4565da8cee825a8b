import {
  ALL_CALLS,
  abbreviatedKlineCall,
  amendPasswordCall,
  areaListCall,
  basicInfoCall,
  captchaCall,
  categoriesCall,
  TOPIC_DAY_MARKET as contractDayMarket,
  klineTopic as contractKlineTopic,
  demoLoginCall,
  forgetPasswordCall,
  klineCall,
  loginCall,
  logoutCall,
  registerCall,
  sendEmailCodeCall,
  sendSmsCodeCall,
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
    [calls.areaList, areaListCall],
    [calls.login, loginCall],
    [calls.register, registerCall],
    [calls.sendEmailCode, sendEmailCodeCall],
    [calls.sendSmsCode, sendSmsCodeCall],
    [calls.captcha, captchaCall],
    [calls.forgetPassword, forgetPasswordCall],
    [calls.amendPassword, amendPasswordCall],
    [calls.logout, logoutCall],
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
