import { describe, expect, it } from 'vitest';
import { money } from '../../src/money.ts';
import {
  classifyPending,
  type NewOrderRequest,
  type OrderContext,
  type OrderRejectionCode,
  pendingFillPrice,
  pendingTriggered,
  stopTriggered,
  validateNewOrder,
  validateStopEdit,
} from '../../src/trading/index.ts';
import { EURGBP, EURUSD, NO_RATES } from './fixtures.ts';

// EURUSD bid 1.16500 / ask 1.16512 at t = 10 000 ms, checked at t = 10 100 ms.
const quote = { bid: '1.16500', ask: '1.16512', timeMs: 10_000 };
const ctx: OrderContext = {
  terms: { ...EURUSD, maxLotsPerOrder: '50', maxOpenLots: '100' },
  marketOpen: true,
  quote,
  nowMs: 10_100,
  maxQuoteAgeMs: 2_000,
  availableBalance: '10000',
  feeType: 2,
  rates: NO_RATES,
};
const buy: NewOrderRequest = { side: 'buy', kind: 'market', quantity: '1', leverage: 100 };
const sell: NewOrderRequest = { ...buy, side: 'sell' };

type Row = [string, NewOrderRequest, Partial<OrderContext>, OrderRejectionCode | 'ok'];

const rows: Row[] = [
  ['market buy', buy, {}, 'ok'],
  ['market sell', sell, {}, 'ok'],
  ['leverage as text from the query', { ...buy, leverage: '100' }, {}, 'ok'],
  ['market closed', buy, { marketOpen: false }, 'ORDER_MARKET_CLOSED'],
  [
    'no leverage options',
    buy,
    { terms: { ...EURUSD, leverageOptions: [] } },
    'ORDER_LEVERAGE_NOT_CONFIGURED',
  ],
  ['leverage not chosen', { ...buy, leverage: null }, {}, 'ORDER_LEVERAGE_NOT_OFFERED'],
  ['leverage not offered', { ...buy, leverage: 1000 }, {}, 'ORDER_LEVERAGE_NOT_OFFERED'],
  ['leverage garbage', { ...buy, leverage: '1e2' }, {}, 'ORDER_LEVERAGE_NOT_OFFERED'],
  ['quantity empty', { ...buy, quantity: '' }, {}, 'ORDER_QUANTITY_REQUIRED'],
  ['quantity missing', { ...buy, quantity: undefined }, {}, 'ORDER_QUANTITY_REQUIRED'],
  ['quantity garbage', { ...buy, quantity: '1,5' }, {}, 'ORDER_QUANTITY_INVALID'],
  ['quantity zero', { ...buy, quantity: '0' }, {}, 'ORDER_QUANTITY_INVALID'],
  ['quantity negative', { ...buy, quantity: '-1' }, {}, 'ORDER_QUANTITY_INVALID'],
  [
    'quantity below min',
    { ...buy, quantity: '0.001' },
    { terms: { ...EURUSD, lotStep: '0.001' } },
    'ORDER_QUANTITY_BELOW_MIN',
  ],
  ['quantity at min', { ...buy, quantity: '0.01' }, {}, 'ok'],
  ['quantity off the step', { ...buy, quantity: '0.015' }, {}, 'ORDER_QUANTITY_NOT_STEP'],
  ['quantity on the step', { ...buy, quantity: '1.23' }, {}, 'ok'],
  ['quantity above max per order', { ...buy, quantity: '50.01' }, {}, 'ORDER_QUANTITY_ABOVE_MAX'],
  ['open lots above max', { ...buy, quantity: '1' }, { openLots: '99.5' }, 'ORDER_OPEN_LOTS_ABOVE_MAX'],
  ['no max configured', { ...buy, quantity: '0.5' }, { terms: EURUSD, openLots: '1000' }, 'ok'],
  ['pending without price', { ...buy, kind: 'pending' }, {}, 'ORDER_PRICE_REQUIRED'],
  ['pending with empty price', { ...buy, kind: 'pending', targetPrice: ' ' }, {}, 'ORDER_PRICE_REQUIRED'],
  ['pending with garbage price', { ...buy, kind: 'pending', targetPrice: 'abc' }, {}, 'ORDER_PRICE_INVALID'],
  ['pending price zero', { ...buy, kind: 'pending', targetPrice: '0' }, {}, 'ORDER_PRICE_INVALID'],
  ['pending price too fine', { ...buy, kind: 'pending', targetPrice: '1.160001' }, {}, 'ORDER_PRICE_INVALID'],
  ['pending at the ask', { ...buy, kind: 'pending', targetPrice: '1.16512' }, {}, 'ORDER_PRICE_AT_MARKET'],
  ['buy limit', { ...buy, kind: 'pending', targetPrice: '1.16000' }, {}, 'ok'],
  ['no quote', buy, { quote: null }, 'ORDER_PRICE_UNAVAILABLE'],
  ['stale quote', buy, { nowMs: 12_001 }, 'ORDER_PRICE_UNAVAILABLE'],
  ['quote exactly at the age limit', buy, { nowMs: 12_000 }, 'ok'],
  [
    'stale quote refuses pending too',
    { ...buy, kind: 'pending', targetPrice: '1.16' },
    { nowMs: 60_000 },
    'ORDER_PRICE_UNAVAILABLE',
  ],
  ['SL and TP 0 = none', { ...buy, stopLoss: '0', takeProfit: '0' }, {}, 'ok'],
  ['buy SL below, TP above', { ...buy, stopLoss: '1.16000', takeProfit: '1.17000' }, {}, 'ok'],
  ['buy SL above the fill', { ...buy, stopLoss: '1.17000' }, {}, 'ORDER_STOP_LOSS_WRONG_SIDE'],
  ['buy SL between bid and ask', { ...buy, stopLoss: '1.16505' }, {}, 'ORDER_STOP_LOSS_WRONG_SIDE'],
  ['buy SL at the bid', { ...buy, stopLoss: '1.16500' }, {}, 'ORDER_STOP_LOSS_WRONG_SIDE'],
  ['buy TP below the fill', { ...buy, takeProfit: '1.16000' }, {}, 'ORDER_TAKE_PROFIT_WRONG_SIDE'],
  ['buy TP between bid and ask', { ...buy, takeProfit: '1.16505' }, {}, 'ORDER_TAKE_PROFIT_WRONG_SIDE'],
  ['sell SL above, TP below', { ...sell, stopLoss: '1.17000', takeProfit: '1.16000' }, {}, 'ok'],
  ['sell SL below the fill', { ...sell, stopLoss: '1.16000' }, {}, 'ORDER_STOP_LOSS_WRONG_SIDE'],
  ['sell SL between bid and ask', { ...sell, stopLoss: '1.16505' }, {}, 'ORDER_STOP_LOSS_WRONG_SIDE'],
  ['sell TP above the fill', { ...sell, takeProfit: '1.17000' }, {}, 'ORDER_TAKE_PROFIT_WRONG_SIDE'],
  ['negative SL', { ...buy, stopLoss: '-1' }, {}, 'ORDER_STOP_LOSS_INVALID'],
  ['garbage TP', { ...buy, takeProfit: 'x' }, {}, 'ORDER_TAKE_PROFIT_INVALID'],
  ['TP finer than the precision', { ...buy, takeProfit: '1.170001' }, {}, 'ORDER_TAKE_PROFIT_INVALID'],
  // pending stops are judged against the target: buy limit at 1.16000, SL 1.15900, TP 1.16300
  [
    'pending buy stops vs target',
    { ...buy, kind: 'pending', targetPrice: '1.16000', stopLoss: '1.15900', takeProfit: '1.16300' },
    {},
    'ok',
  ],
  // SL 1.16100 is below the market but above the target: wrong side
  [
    'pending buy SL above target',
    { ...buy, kind: 'pending', targetPrice: '1.16000', stopLoss: '1.16100' },
    {},
    'ORDER_STOP_LOSS_WRONG_SIDE',
  ],
  // margin 1 165.12 + fee 3.49536 = 1 168.61536
  ['balance exactly margin + fee', buy, { availableBalance: '1168.61536' }, 'ok'],
  ['balance a micro-dollar short', buy, { availableBalance: '1168.615359' }, 'RISK_INSUFFICIENT_MARGIN'],
  [
    'no USD rate for the quote currency',
    buy,
    { terms: EURGBP, quote: { bid: '0.86932', ask: '0.86948', timeMs: 10_000 } },
    'ORDER_CONVERSION_UNAVAILABLE',
  ],
  // first failure wins: a closed market is reported before a bad quantity
  ['closed and bad quantity', { ...buy, quantity: '' }, { marketOpen: false }, 'ORDER_MARKET_CLOSED'],
];

describe('validateNewOrder (DESIGN §4, spec §5)', () => {
  it.each(rows)('%s', (_name, request, override, expected) => {
    const r = validateNewOrder(request, { ...ctx, ...override });
    expect(r.ok ? 'ok' : r.error.code).toBe(expected);
  });

  it('an accepted market buy carries its fill, margin and fee', () => {
    const r = validateNewOrder({ ...buy, stopLoss: '1.16000', takeProfit: '0' }, ctx);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.price.toFixed(5)).toBe('1.16512');
    expect(r.value.pendingKind).toBeNull();
    expect(r.value.margin.toFixed(6)).toBe('1165.120000');
    expect(r.value.fee.toFixed(6)).toBe('3.495360');
    expect(r.value.stopLoss?.toFixed(5)).toBe('1.16000');
    expect(r.value.takeProfit).toBeNull();
    expect(r.value.leverage).toBe(100);
  });

  it('a pending order reserves margin at its target: sell stop at 1.16000 → 1 160 USD', () => {
    const r = validateNewOrder({ ...sell, kind: 'pending', targetPrice: '1.16000' }, ctx);
    expect(r.ok && r.value.pendingKind).toBe('sell_stop');
    expect(r.ok && r.value.margin.toFixed(2)).toBe('1160.00');
  });

  it('a JS number for quantity is a programming error, not a rejection', () => {
    expect(() => validateNewOrder({ ...buy, quantity: 1 as unknown as string }, ctx)).toThrow(TypeError);
  });
});

describe('pending orders', () => {
  it.each([
    ['buy', '1.16000', 'buy_limit'],
    ['buy', '1.17000', 'buy_stop'],
    ['sell', '1.17000', 'sell_limit'],
    ['sell', '1.16000', 'sell_stop'],
    ['buy', '1.16512', null], // at the ask
    ['sell', '1.16500', null], // at the bid
    ['buy', '1.16505', 'buy_limit'], // between bid and ask: below the ask a buy fills at
    ['sell', '1.16505', 'sell_limit'], // above the bid a sell fills at
  ] as const)('%s at %s is %s', (side, target, kind) => {
    expect(classifyPending(side, target, quote)).toBe(kind);
  });

  it.each([
    // kind, target, bid, ask, triggered
    ['buy_limit', '1.16000', '1.15990', '1.16002', false], // ask 1.16002 > target
    ['buy_limit', '1.16000', '1.15988', '1.16000', true], // ask reaches the target
    ['buy_limit', '1.16000', '1.15800', '1.15812', true], // gap through it
    ['buy_stop', '1.17000', '1.16995', '1.17007', true], // ask ≥ target
    ['buy_stop', '1.17000', '1.16990', '1.16999', false],
    ['sell_limit', '1.17000', '1.17000', '1.17012', true], // bid reaches the target
    ['sell_limit', '1.17000', '1.16999', '1.17011', false],
    ['sell_stop', '1.16000', '1.16000', '1.16012', true],
    ['sell_stop', '1.16000', '1.16001', '1.16013', false],
  ] as const)('%s at %s with %s/%s → %s', (kind, target, bid, ask, triggered) => {
    expect(pendingTriggered(kind, target, { bid, ask })).toBe(triggered);
  });

  it('fills at the tick price, not the target, after a gap', () => {
    // a buy limit at 1.16000 met by a gap to ask 1.15812 fills at 1.15812
    expect(pendingFillPrice('buy_limit', { bid: '1.15800', ask: '1.15812' }).toFixed(5)).toBe('1.15812');
    expect(pendingFillPrice('sell_stop', { bid: '1.15800', ask: '1.15812' }).toFixed(5)).toBe('1.15800');
  });
});

describe('stop loss / take profit triggers (close-side price, inclusive)', () => {
  const sl = money('1.16000');
  const tp = money('1.17000');
  it.each([
    ['buy', '1.16000', '1.16012', 'stop_loss'], // bid at SL
    ['buy', '1.16001', '1.16013', null],
    ['buy', '1.17000', '1.17012', 'take_profit'], // bid at TP
    ['buy', '1.15500', '1.15512', 'stop_loss'], // gap through SL
  ] as const)('%s with bid %s ask %s → %s', (side, bid, ask, expected) => {
    expect(stopTriggered(side, sl, tp, { bid, ask })).toBe(expected);
  });

  it('a sell watches the ask', () => {
    const sellSl = money('1.17000');
    const sellTp = money('1.16000');
    expect(stopTriggered('sell', sellSl, sellTp, { bid: '1.16990', ask: '1.17002' })).toBe('stop_loss');
    expect(stopTriggered('sell', sellSl, sellTp, { bid: '1.15990', ask: '1.16000' })).toBe('take_profit');
    expect(stopTriggered('sell', sellSl, sellTp, { bid: '1.15990', ask: '1.16001' })).toBeNull();
    expect(stopTriggered('sell', null, null, { bid: '9', ask: '9' })).toBeNull();
  });
});

describe('validateStopEdit (set_stop_price, MetaTrader rule: against the current close-side price)', () => {
  const edit = { pricePrecision: 5, marketOpen: true, quote, nowMs: 10_100, maxQuoteAgeMs: 2_000 };
  it.each([
    // a buy opened at 1.15000 now in profit (bid 1.16500): SL may move above the open price
    ['buy', '1.16000', '0', 'ok'],
    ['buy', '1.16499', '1.16501', 'ok'],
    ['buy', '1.16500', '0', 'ORDER_STOP_LOSS_WRONG_SIDE'], // at the bid: would fire at once
    ['buy', '0', '1.16500', 'ORDER_TAKE_PROFIT_WRONG_SIDE'],
    ['buy', '0', '1.16505', 'ok'], // above the bid is enough for a TP on an open buy
    ['sell', '1.16513', '1.16511', 'ok'], // sell judged against the ask 1.16512
    ['sell', '1.16512', '0', 'ORDER_STOP_LOSS_WRONG_SIDE'],
    ['sell', '0', '1.16512', 'ORDER_TAKE_PROFIT_WRONG_SIDE'],
    ['sell', '', '', 'ok'], // both removed
    ['sell', '-1', '', 'ORDER_STOP_LOSS_INVALID'],
  ] as const)('%s SL %s TP %s → %s', (side, stopLoss, takeProfit, expected) => {
    const r = validateStopEdit({ side, stopLoss, takeProfit }, edit);
    expect(r.ok ? 'ok' : r.error.code).toBe(expected);
  });

  it('refused while the market is closed or the quote is stale', () => {
    const r1 = validateStopEdit(
      { side: 'buy', stopLoss: '1.1', takeProfit: '0' },
      { ...edit, marketOpen: false },
    );
    expect(!r1.ok && r1.error.code).toBe('ORDER_MARKET_CLOSED');
    const r2 = validateStopEdit(
      { side: 'buy', stopLoss: '1.1', takeProfit: '0' },
      { ...edit, nowMs: 99_999 },
    );
    expect(!r2.ok && r2.error.code).toBe('ORDER_PRICE_UNAVAILABLE');
  });

  it('returns the parsed levels, null for removed', () => {
    const r = validateStopEdit({ side: 'buy', stopLoss: '1.16', takeProfit: '0' }, edit);
    expect(r.ok && r.value.stopLoss?.toFixed(5)).toBe('1.16000');
    expect(r.ok && r.value.takeProfit).toBeNull();
  });
});
