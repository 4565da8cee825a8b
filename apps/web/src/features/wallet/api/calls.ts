import type {
  accountLogCall,
  bindDrawMethodCall,
  CallContract,
  chargeInfoCall,
  chargeSubmitCall,
  chargeSymbolsCall,
  deleteDrawMethodCall,
  depositRecordsCall,
  drawCall,
  drawListCall,
  drawSymbolListCall,
  getDrawMethodCall,
  walletBalanceCall,
  wireInfoCall,
  wireSubmitCall,
} from '@meridian/contracts';
import type { CallRef } from '../../../lib/calls';

const ref = <C extends CallContract>(method: C['method'], path: string): CallRef<C> => ({ method, path });

/**
 * Method and path of the wallet's calls, typed by their contracts (packages/contracts/src/calls/
 * wallet.ts), as `lib/calls.ts` does for the rest: the zod schemas stay out of the bundle.
 * `test/wallet-calls.test.ts` proves every reference equals its contract.
 */
export const walletCalls = {
  balance: ref<typeof walletBalanceCall>('GET', '/v1/api/main/wallet/getBalance'),
  accountLog: ref<typeof accountLogCall>('GET', '/v1/api/main/accountLog/forexChange'),
  chargeInfo: ref<typeof chargeInfoCall>('GET', '/api/quickCharge/info'),
  chargeSubmit: ref<typeof chargeSubmitCall>('GET', '/api/quickCharge/submit'),
  chargeSymbols: ref<typeof chargeSymbolsCall>('GET', '/api/quickCharge/symbols'),
  wireInfo: ref<typeof wireInfoCall>('GET', '/api/quickCharge/wire_info'),
  wireSubmit: ref<typeof wireSubmitCall>('GET', '/api/quickCharge/wire_submit'),
  depositRecords: ref<typeof depositRecordsCall>('GET', '/api/quickCharge/quick_ist'),
  drawSymbolList: ref<typeof drawSymbolListCall>('GET', '/api/account/draw_symbol_list'),
  getDrawMethod: ref<typeof getDrawMethodCall>('GET', '/api/wallet/get_draw_method'),
  bindDrawMethod: ref<typeof bindDrawMethodCall>('POST', '/api/wallet/bind_draw_method'),
  deleteDrawMethod: ref<typeof deleteDrawMethodCall>('POST', '/api/wallet/del_draw_method'),
  draw: ref<typeof drawCall>('POST', '/api/account/draw'),
  drawList: ref<typeof drawListCall>('GET', '/api/account/draw_list'),
} as const;
