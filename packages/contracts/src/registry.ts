import { demoLoginCall, userInfoCall, walletBalanceCall } from './calls/account.ts';
import {
  amendPasswordCall,
  captchaCall,
  forgetPasswordCall,
  loginCall,
  logoutCall,
  registerCall,
  sendEmailCodeCall,
  sendSmsCodeCall,
} from './calls/auth.ts';
import { abbreviatedKlineCall, categoriesCall, klineCall, tradeListCall } from './calls/market.ts';
import { areaListCall, basicInfoCall, settingCall } from './calls/settings.ts';
import {
  cancelOrderCall,
  closeOrderCall,
  forexDetailCall,
  myDealCall,
  resetDemoCall,
  setStopPriceCall,
  submitOrderCall,
} from './calls/trading.ts';

/** Every public call; the server registers routes from it and the OpenAPI document is built from it. */
export const ALL_CALLS = [
  tradeListCall,
  categoriesCall,
  klineCall,
  abbreviatedKlineCall,
  demoLoginCall,
  userInfoCall,
  walletBalanceCall,
  areaListCall,
  settingCall,
  basicInfoCall,
  loginCall,
  registerCall,
  sendEmailCodeCall,
  sendSmsCodeCall,
  captchaCall,
  forgetPasswordCall,
  amendPasswordCall,
  logoutCall,
  submitOrderCall,
  myDealCall,
  closeOrderCall,
  cancelOrderCall,
  setStopPriceCall,
  forexDetailCall,
  resetDemoCall,
] as const;
