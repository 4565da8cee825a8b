import type {
  abbreviatedKlineCall,
  amendPasswordCall,
  areaListCall,
  basicInfoCall,
  CallContract,
  cancelOrderCall,
  captchaCall,
  categoriesCall,
  closeOrderCall,
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

/**
 * Runtime references to the contracts' calls: method and path, typed by the contract itself.
 * The contracts' zod schemas stay out of the browser bundle (about 40 KB gzip); a unit test
 * (test/calls.test.ts) proves every reference matches its contract's method and path.
 */
export interface CallRef<C extends CallContract> {
  method: C['method'];
  path: C['path'];
  /** Phantom: carries the contract type for `call()`. */
  readonly __contract?: C;
}

const ref = <C extends CallContract>(method: C['method'], path: string): CallRef<C> => ({ method, path });

export const calls = {
  tradeList: ref<typeof tradeListCall>('GET', '/v1/api/forex/trade_list'),
  categories: ref<typeof categoriesCall>('GET', '/v1/api/forex/getCategories'),
  kline: ref<typeof klineCall>('GET', '/v1/api/forex/kline'),
  abbreviatedKline: ref<typeof abbreviatedKlineCall>('GET', '/v1/api/forex/abbreviated_cache_kline'),
  demoLogin: ref<typeof demoLoginCall>('GET', '/api/user/createAccountDemoForU'),
  userInfo: ref<typeof userInfoCall>('GET', '/api/user/info'),
  walletBalance: ref<typeof walletBalanceCall>('GET', '/v1/api/main/wallet/getBalance'),
  basicInfo: ref<typeof basicInfoCall>('GET', '/api/basicSet/getBasicInfo'),
  areaList: ref<typeof areaListCall>('GET', '/api/default/area_list'),
  login: ref<typeof loginCall>('POST', '/api/user/loginForU'),
  register: ref<typeof registerCall>('POST', '/api/user/register'),
  sendEmailCode: ref<typeof sendEmailCodeCall>('POST', '/api/notify/send_email'),
  sendSmsCode: ref<typeof sendSmsCodeCall>('POST', '/api/notify/send_sms'),
  captcha: ref<typeof captchaCall>('GET', '/api/common/captcha'),
  forgetPassword: ref<typeof forgetPasswordCall>('POST', '/api/user/forget_password'),
  amendPassword: ref<typeof amendPasswordCall>('POST', '/api/user/amend_password'),
  logout: ref<typeof logoutCall>('POST', '/api/user/logout'),
  submitOrder: ref<typeof submitOrderCall>('GET', '/v1/api/forex/submit'),
  myDeal: ref<typeof myDealCall>('GET', '/v1/api/forex/my_deal'),
  closeOrder: ref<typeof closeOrderCall>('GET', '/v1/api/forex/close'),
  cancelOrder: ref<typeof cancelOrderCall>('GET', '/v1/api/forex/cancel_trade'),
  setStopPrice: ref<typeof setStopPriceCall>('GET', '/v1/api/forex/set_stop_price'),
  forexDetail: ref<typeof forexDetailCall>('GET', '/v1/api/main/account/forexDetail'),
  resetDemo: ref<typeof resetDemoCall>('GET', '/v1/api/main/user/resetForexDemoAccount'),
  imageUpload: ref<typeof imageUploadCall>('POST', '/api/common/image_upload'),
} as const;

/** Socket topic names of the contracts (checked by the same test). */
export const TOPIC_DAY_MARKET = 'DAY_MARKET';
export const klineTopic = (code: string) => `KLINE.${code}`;
export const TOPIC_FOREX_TRADE = 'FOREX_TRADE';
export const TOPIC_FOREX_CLOSED = 'FOREX_CLOSED';
