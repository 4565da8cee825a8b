import type { Instrument } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import {
  canDecrease,
  initialFormState,
  type OrderFormState,
  previewOrder,
  rateSourceOf,
  stepQuantity,
  toSubmitQuery,
  validateOrderForm,
} from '../src/features/trade/order-form';

const instrument = (over: Partial<Instrument> & Pick<Instrument, 'Id' | 'Code'>): Instrument => ({
  ShowCode: over.Code,
  Logo: '',
  CategoryId: 1,
  MarketStatus: 1,
  PricePrecision: 5,
  Pip: '0.01',
  ForexMinCont: '0.01',
  ForexMaxCont: '50',
  ForexContNum: '100000',
  ForexFeeRate: '0.003',
  MarginMode: 2,
  HasForexMultiple: [{ Value: 10 }, { Value: 100 }],
  BaseCurrency: over.Code.slice(0, 3),
  QuoteCurrency: over.Code.slice(3),
  ForexQuotations: { Open: 1, Close: 1, Change: 0, Bid: 1, Ask: 1, High: 1, Low: 1, Time: 0 },
  ...over,
});

const quote = (bid: number, ask: number) => ({
  Open: bid,
  Close: bid,
  Change: 0,
  Bid: bid,
  Ask: ask,
  High: ask,
  Low: bid,
  Time: 0,
});

// Seeds of the server's market (trade_list): BTCUSD and the pairs EURGBP converts through.
const BTCUSD = instrument({
  Id: 29,
  Code: 'BTCUSD',
  ShowCode: 'BTC/USD',
  PricePrecision: 2,
  ForexContNum: '1',
  ForexFeeRate: '0.005',
  HasForexMultiple: [{ Value: 2 }, { Value: 5 }, { Value: 10 }, { Value: 20 }],
  ForexQuotations: quote(104970.12, 105000.12),
});
const EURUSD = instrument({ Id: 1, Code: 'EURUSD', ForexQuotations: quote(1.16488, 1.165) });
const GBPUSD = instrument({ Id: 2, Code: 'GBPUSD', ForexQuotations: quote(1.33988, 1.34004) });
const EURGBP = instrument({ Id: 8, Code: 'EURGBP', ForexQuotations: quote(0.86923, 0.86939) });
const XAGUSD = instrument({
  Id: 17,
  Code: 'XAGUSD',
  PricePrecision: 3,
  ForexContNum: '5000',
  MarginMode: 1,
  HasForexMultiple: [{ Value: 1 }],
  ForexQuotations: quote(52.47, 52.5),
});
const ALL = [EURUSD, GBPUSD, EURGBP, XAGUSD, BTCUSD];
const rates = rateSourceOf(ALL, () => undefined);
const pricesOf = (i: Instrument) => ({ bid: i.ForexQuotations.Bid, ask: i.ForexQuotations.Ask });

const form = (over: Partial<OrderFormState> = {}): OrderFormState => ({
  ...initialFormState(EURUSD),
  ...over,
});

describe('quantity stepper (spec §5: − / + by Pip, minus disabled when quantity − Pip ≤ 0)', () => {
  it.each([
    ['0.01', '0.01', false],
    ['0.02', '0.01', true],
    ['0.015', '0.01', true],
    ['0.005', '0.01', false],
    ['', '0.01', false],
    ['abc', '0.01', false],
    ['1', '1', false],
    ['2', '1', true],
  ])('quantity %s, pip %s → minus enabled %s', (q, pip, enabled) => {
    expect(canDecrease(q, pip)).toBe(enabled);
  });

  it('steps exactly, at the step decimals, with no float drift', () => {
    expect(stepQuantity('0.01', '0.01', 1)).toBe('0.02');
    expect(stepQuantity('0.07', '0.01', 1)).toBe('0.08'); // 0.07 + 0.01 in floats is 0.08000000000000002
    expect(stepQuantity('0.30', '0.10', -1)).toBe('0.20');
    expect(stepQuantity('1.5', '0.01', 1)).toBe('1.51');
    expect(stepQuantity('2', '1', -1)).toBe('1');
  });

  it('never steps to 0 or below, and + on an empty field gives one step', () => {
    expect(stepQuantity('0.01', '0.01', -1)).toBe('0.01');
    expect(stepQuantity('', '0.01', 1)).toBe('0.01');
    expect(stepQuantity('', '0.01', -1)).toBe('');
  });

  it('steps onto the lot grid from a typed quantity off it (the server takes whole steps only)', () => {
    expect(stepQuantity('0.015', '0.01', 1)).toBe('0.02');
    expect(stepQuantity('0.015', '0.01', -1)).toBe('0.01');
    expect(stepQuantity('0.025', '0.01', -1, '0.01')).toBe('0.02');
    expect(stepQuantity('1.5', '0.01', 1, '0.01')).toBe('1.51');
  });

  it('keeps to the minimum when it is larger than the step', () => {
    // Minimum 0.1, step 0.05: 0.1 is the floor; + from below it goes to it.
    expect(canDecrease('0.1', '0.05', '0.1')).toBe(false);
    expect(canDecrease('0.15', '0.05', '0.1')).toBe(true);
    expect(stepQuantity('0.15', '0.05', -1, '0.1')).toBe('0.10');
    expect(stepQuantity('0.12', '0.05', -1, '0.1')).toBe('0.10');
    expect(stepQuantity('0.1', '0.05', -1, '0.1')).toBe('0.1');
    expect(stepQuantity('0.05', '0.05', 1, '0.1')).toBe('0.10');
    expect(stepQuantity('', '0.05', 1, '0.1')).toBe('0.10');
    // A minimum off the step's grid: the first whole step above it.
    expect(stepQuantity('0.05', '0.05', 1, '0.12')).toBe('0.15');
    expect(stepQuantity('0.2', '0.05', -1, '0.12')).toBe('0.15');
    expect(canDecrease('0.15', '0.05', '0.12')).toBe(false);
  });

  it('starts at the instrument minimum with its first leverage option', () => {
    expect(initialFormState(BTCUSD)).toMatchObject({
      quantity: '0.01',
      leverage: 2,
      kind: 'market',
      side: 'buy',
    });
  });

  it('steps from a half-typed quantity as from the number it is', () => {
    expect(stepQuantity('1.', '0.01', 1)).toBe('1.01');
    expect(stepQuantity('1.', '0.01', -1)).toBe('0.99');
    expect(canDecrease('1.', '0.01')).toBe(true);
  });
});

describe('order form validation (spec §5)', () => {
  it('blocks trading when no leverage option is configured', () => {
    expect(validateOrderForm(form(), { HasForexMultiple: [] })).toBe('trade.leverageNotConfigured');
  });

  it('requires a quantity', () => {
    expect(validateOrderForm(form({ quantity: '' }), EURUSD)).toBe('form.complete');
    expect(validateOrderForm(form({ quantity: '  ' }), EURUSD)).toBe('form.complete');
    expect(validateOrderForm(form({ quantity: '0' }), EURUSD)).toBe('trade.quantityInvalid');
  });

  it("requires a price for a pending order ('enter price')", () => {
    expect(validateOrderForm(form({ kind: 'pending', price: '' }), EURUSD)).toBe('trade.enterPrice');
    expect(validateOrderForm(form({ kind: 'pending', price: '1.1' }), EURUSD)).toBeNull();
    expect(validateOrderForm(form({ kind: 'market', price: '' }), EURUSD)).toBeNull();
  });

  it('requires the ticked stop loss or take profit to be filled in', () => {
    expect(validateOrderForm(form({ stopLossOn: true }), EURUSD)).toBe('form.complete');
    expect(validateOrderForm(form({ takeProfitOn: true, takeProfit: '' }), EURUSD)).toBe('form.complete');
    expect(validateOrderForm(form({ stopLossOn: false, stopLoss: '' }), EURUSD)).toBeNull();
    expect(validateOrderForm(form({ stopLossOn: true, stopLoss: '1.1' }), EURUSD)).toBeNull();
  });

  it('sends SL and TP only when ticked, else 0; type 1 buy / 2 sell; status 1 market / 0 pending', () => {
    expect(
      toSubmitQuery(form({ stopLoss: '1.1', takeProfit: '1.3', leverage: 100, quantity: '0.05' }), 1),
    ).toEqual({
      type: 1,
      cont: '0.05',
      forex_id: 1,
      status: 1,
      target_price: '0',
      stop_loss_price: '0',
      target_profit_price: '0',
      multiple: 100,
    });
    expect(
      toSubmitQuery(
        form({
          side: 'sell',
          kind: 'pending',
          price: '1.2',
          stopLossOn: true,
          stopLoss: '1.25',
          takeProfitOn: true,
          takeProfit: '1.1',
        }),
        1,
      ),
    ).toMatchObject({
      type: 2,
      status: 0,
      target_price: '1.2',
      stop_loss_price: '1.25',
      target_profit_price: '1.1',
      multiple: 10,
    });
  });
});

describe('margin and fee preview (spec §9, the domain formulas)', () => {
  it('BTCUSD 0.01 lot buy at the ask 105000.12, leverage 2, fee on margin', () => {
    const f = { ...initialFormState(BTCUSD) };
    // 0.01 × 1 × 105000.12 ÷ 2 = 525.0006; fee 525.0006 × 0.005 = 2.625003
    expect(previewOrder(f, BTCUSD, pricesOf(BTCUSD), 2, rates)).toEqual({
      marginUsd: '525.000600',
      feeUsd: '2.625003',
    });
    // Sell opens at the bid; fee type 1 is per lot: 0.01 × 0.005
    expect(previewOrder({ ...f, side: 'sell' }, BTCUSD, pricesOf(BTCUSD), 1, rates)).toEqual({
      marginUsd: '524.850600',
      feeUsd: '0.000050',
    });
  });

  it('EURUSD 1 lot at leverage 100 and a pending target', () => {
    const f = form({ quantity: '1', leverage: 100 });
    expect(previewOrder(f, EURUSD, pricesOf(EURUSD), 2, rates)?.marginUsd).toBe('1165.000000');
    expect(previewOrder({ ...f, kind: 'pending', price: '1.1' }, EURUSD, pricesOf(EURUSD), 2, rates)).toEqual(
      { marginUsd: '1100.000000', feeUsd: '3.300000' },
    );
  });

  it('EURGBP converts its GBP margin to USD at the GBPUSD mid', () => {
    const f = form({ quantity: '1', leverage: 100 });
    // 100000 × 0.86939 ÷ 100 = 869.39 GBP × 1.33996 = 1164.9478244 USD
    expect(previewOrder(f, EURGBP, pricesOf(EURGBP), 2, rates)?.marginUsd).toBe('1164.947824');
  });

  it('fixed margin mode ignores the price and the leverage (XAGUSD 1 lot = 5000 USD)', () => {
    const f = form({ quantity: '1', leverage: 1 });
    expect(previewOrder(f, XAGUSD, pricesOf(XAGUSD), 2, rates)).toEqual({
      marginUsd: '5000.000000',
      feeUsd: '15.000000',
    });
  });

  it('is empty while the inputs cannot price an order', () => {
    expect(previewOrder(form({ quantity: '' }), EURUSD, pricesOf(EURUSD), 2, rates)).toBeNull();
    expect(previewOrder(form({ kind: 'pending', price: '' }), EURUSD, pricesOf(EURUSD), 2, rates)).toBeNull();
    expect(previewOrder(form({ leverage: null }), EURUSD, pricesOf(EURUSD), 2, rates)).toBeNull();
  });
});
