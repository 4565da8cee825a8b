import {
  ALL_CALLS,
  abbreviatedKlineCall,
  amendPasswordCall,
  areaListCall,
  basicInfoCall,
  cancelOrderCall,
  captchaCall,
  categoriesCall,
  closeOrderCall,
  TOPIC_DAY_MARKET as contractDayMarket,
  TOPIC_FOREX_CLOSED as contractForexClosed,
  TOPIC_FOREX_TRADE as contractForexTrade,
  klineTopic as contractKlineTopic,
  demoLoginCall,
  forexDetailCall,
  forgetPasswordCall,
  imageUploadCall,
  klineCall,
  loginCall,
  logoutCall,
  myDealCall,
  registerCall,
  resetDemoCall,
  sendEmailCodeCall,
  sendSmsCodeCall,
  setStopPriceCall,
  submitOrderCall,
  tradeListCall,
  userInfoCall,
  walletBalanceCall,
} from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { calls, klineTopic, TOPIC_DAY_MARKET, TOPIC_FOREX_CLOSED, TOPIC_FOREX_TRADE } from '../src/lib/calls';

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
    [calls.submitOrder, submitOrderCall],
    [calls.myDeal, myDealCall],
    [calls.closeOrder, closeOrderCall],
    [calls.cancelOrder, cancelOrderCall],
    [calls.setStopPrice, setStopPriceCall],
    [calls.forexDetail, forexDetailCall],
    [calls.resetDemo, resetDemoCall],
    [calls.imageUpload, imageUploadCall],
  ] as const;

  it.each(pairs)('%o', (ref, contract) => {
    expect(ref).toEqual({ method: contract.method, path: contract.path });
    expect(ALL_CALLS).toContain(contract);
  });

  it('topics', () => {
    expect(TOPIC_DAY_MARKET).toBe(contractDayMarket);
    expect(klineTopic('EURUSD')).toBe(contractKlineTopic('EURUSD'));
    expect(TOPIC_FOREX_TRADE).toBe(contractForexTrade);
    expect(TOPIC_FOREX_CLOSED).toBe(contractForexClosed);
  });
});
