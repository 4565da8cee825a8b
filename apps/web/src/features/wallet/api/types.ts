import type {
  accountLogCall,
  CallData,
  chargeInfoCall,
  chargeSymbolsCall,
  depositRecordsCall,
  drawListCall,
  drawSymbolListCall,
  getDrawMethodCall,
  wireInfoCall,
} from '@meridian/contracts';

/** The wallet's entities (spec §3) as the contracts deliver them (`z.output` of each call). */
export type AccountLogEntry = CallData<typeof accountLogCall>['list'][number];
export type CoinOption = CallData<typeof chargeInfoCall>[number];
export type BankChannel = CallData<typeof chargeSymbolsCall>[number];
export type BankAccount = CallData<typeof wireInfoCall>[number];
export type DepositRecord = CallData<typeof depositRecordsCall>['list'][number];
export type DrawCurrency = CallData<typeof drawSymbolListCall>[number];
export type DrawMethod = CallData<typeof getDrawMethodCall>[number];
export type WithdrawalRecord = CallData<typeof drawListCall>['list'][number];
