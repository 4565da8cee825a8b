import type { Order } from '@meridian/contracts';

/** An open EUR/USD position as `my_deal` answers it (0.1 lot at 1:100); tests override what they need. */
export const anOrder = (over: Partial<Order> = {}): Order => ({
  Id: 7,
  ForexId: 1,
  ForexTradeLists: { Code: 'EURUSD', ShowCode: 'EUR/USD', PricePrecision: 5 },
  OrderType: 1,
  Quantity: '0.1',
  Price: 1.16512,
  OriginPrice: 1.16512,
  UpdatePrice: 1.1652,
  ClosePrice: 0,
  FactProfits: '0.80',
  CautionMoney: '1165.120000',
  TradeFee: '3.5',
  Multiple: 100,
  MarginMode: 2,
  TargetLossPrice: 0,
  TargetProfitPrice: 0,
  Status: 1,
  CloseReason: '',
  CreateTimeHandler: '2026-11-24T10:00:00.000Z',
  CompleteTimeHandler: '',
  ...over,
});
