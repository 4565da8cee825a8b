import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { money } from '../../src/money.ts';
import {
  accountFigures,
  classifyPending,
  computeFee,
  computeMargin,
  computeProfit,
  convertCurrency,
  fromUsd,
  type InstrumentTerms,
  pendingTriggered,
  planStopOut,
  riskRateOf,
  toUsd,
} from '../../src/trading/index.ts';
import { EURGBP, EURUSD, ratesOf, USDJPY, XAGUSD, XAUUSD } from './fixtures.ts';

/** fast-check runs hundreds of cases a test: a generous budget so a loaded 2-core CI machine passes. */
const PROPERTY_TIMEOUT_MS = 60_000;

// Arbitraries produce decimal TEXT built from integers, so no float ever enters the rules.
const decimalText = (min: number, max: number, places: number) =>
  fc.integer({ min, max }).map((n) =>
    money(BigInt(n))
      .div(10 ** places)
      .toFixed(places),
  );
const lots = decimalText(1, 100_000, 2); // 0.01 .. 1 000 lots
const fxPrice = decimalText(50_000, 200_000, 5); // 0.5 .. 2
const rateText = decimalText(10_000, 20_000_000, 5); // 0.1 .. 200
const leverage = fc.constantFrom(10, 20, 50, 100, 200, 500);
const instrument = fc.constantFrom<InstrumentTerms>(EURUSD, USDJPY, EURGBP, XAUUSD, XAGUSD);

const rates = ratesOf(
  ['EUR', 'USD', '1.16500', '1.16512'],
  ['USD', 'JPY', '152.493', '152.507'],
  ['GBP', 'USD', '1.33992', '1.34008'],
);

const usdOf = <T extends { ok: boolean }>(r: T) => {
  if (!r.ok) throw new Error('unexpected conversion error');
  return (r as unknown as { value: { usd: ReturnType<typeof money> } }).value.usd;
};

describe('trading properties', () => {
  it('margin is linear in quantity: margin(k × q) = k × margin(q) within the 6-decimal rounding', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    fc.assert(
      fc.property(
        instrument,
        lots,
        fxPrice,
        leverage,
        fc.integer({ min: 2, max: 50 }),
        (terms, q, price, lev, k) => {
          const one = usdOf(computeMargin({ terms, quantity: q, price, leverage: lev }, rates));
          const many = usdOf(
            computeMargin({ terms, quantity: money(q).times(k), price, leverage: lev }, rates),
          );
          // each figure is within 0.0000005 of the exact value, so the gap is at most (k + 1) × that
          expect(
            many
              .minus(one.times(k))
              .abs()
              .lte(money('0.0000005').times(k + 1)),
          ).toBe(true);
          expect(one.gte(0)).toBe(true);
        },
      ),
    );
  });

  it('profit of a buy is exactly minus the sell at the same prices', { timeout: PROPERTY_TIMEOUT_MS }, () => {
    fc.assert(
      fc.property(instrument, lots, fxPrice, fxPrice, (terms, q, open, close) => {
        const b = usdOf(computeProfit({ terms, side: 'buy', openPrice: open, quantity: q }, close, rates));
        const s = usdOf(computeProfit({ terms, side: 'sell', openPrice: open, quantity: q }, close, rates));
        expect(b.plus(s).isZero()).toBe(true);
      }),
    );
  });

  it('fee is never negative and never above its base × rate rounded up by half a micro-dollar', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    fc.assert(
      fc.property(
        fc.constantFrom(0, 1, 2),
        decimalText(0, 1_000_000, 6),
        lots,
        decimalText(0, 1_000_000_000, 6),
        (feeType, rate, q, margin) => {
          const fee = computeFee({ feeType, feeRate: rate, quantity: q, margin });
          expect(fee.gte(0)).toBe(true);
          const exact = money(feeType === 1 ? q : margin).times(money(rate));
          expect(fee.minus(exact).abs().lte(money('0.0000005'))).toBe(true);
        },
      ),
    );
  });

  it('conversion round trip USD → XXX → USD returns the amount within 40-digit arithmetic', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    fc.assert(
      fc.property(
        decimalText(-1_000_000_000, 1_000_000_000, 2),
        fc.constantFrom('EUR', 'JPY', 'GBP', 'USD'),
        (usd, ccy) => {
          const there = fromUsd(usd, ccy, rates);
          if (!there.ok) throw new Error('rate');
          const back = toUsd(there.value, ccy, rates);
          if (!back.ok) throw new Error('rate');
          expect(back.value.toDecimalPlaces(6).eq(money(usd))).toBe(true);
        },
      ),
    );
  });

  it('conversion is linear and crosses agree with the direct path', { timeout: PROPERTY_TIMEOUT_MS }, () => {
    fc.assert(
      fc.property(rateText, rateText, decimalText(0, 10_000_000, 2), (bidA, bidB, amount) => {
        const r = ratesOf(
          ['AAA', 'USD', bidA, money(bidA).plus('0.0001').toFixed()],
          ['USD', 'BBB', bidB, money(bidB).plus('0.0001').toFixed()],
        );
        const viaUsd = convertCurrency(amount, 'AAA', 'BBB', r);
        const usd = toUsd(amount, 'AAA', r);
        if (!viaUsd.ok || !usd.ok) throw new Error('rate');
        const direct = fromUsd(usd.value, 'BBB', r);
        expect(direct.ok && direct.value.eq(viaUsd.value)).toBe(true);
      }),
    );
  });

  it('a pending order never triggers on the quote that classified it', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    fc.assert(
      fc.property(
        fc.constantFrom('buy' as const, 'sell' as const),
        fxPrice,
        fxPrice,
        fc.integer({ min: 0, max: 50 }),
        (side, target, bid, spread) => {
          const ask = money(bid)
            .plus(money(BigInt(spread)).div(100_000))
            .toFixed(5);
          const kind = classifyPending(side, target, { bid, ask });
          if (kind === null) return;
          expect(pendingTriggered(kind, target, { bid, ask })).toBe(false);
        },
      ),
    );
  });

  it('after a planned stop-out the risk rate is above the level or nothing is left open', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    const position = fc.record({
      margin: decimalText(1, 1_000_000, 2),
      profit: decimalText(-1_000_000, 100_000, 2),
    });
    fc.assert(
      fc.property(
        fc.array(position, { minLength: 1, maxLength: 12 }),
        decimalText(0, 500_000, 2),
        (ps, balance) => {
          const positions = ps.map((p, id) => ({ id, ...p }));
          const margin = positions.reduce((s, p) => s.plus(p.margin), money('0'));
          const floating = positions.reduce((s, p) => s.plus(p.profit), money('0'));
          const closed = planStopOut({ balance, margin, floatingProfit: floating }, positions);
          const left = positions.filter((p) => !closed.includes(p.id));
          const nv = accountFigures({ balance, margin, floatingProfit: floating }).netValue;
          const leftMargin = left.reduce((s, p) => s.plus(p.margin), money('0'));
          if (left.length > 0) expect(riskRateOf(nv, leftMargin)?.gt(50)).toBe(true);
          // each close picks a loss at least as large as any position still open at that moment
          for (const [i, id] of closed.entries()) {
            const p = positions[id]!;
            const laterOpen = positions.filter((q) => !closed.slice(0, i + 1).includes(q.id));
            for (const q of laterOpen) expect(money(p.profit).lte(q.profit)).toBe(true);
          }
        },
      ),
    );
  });

  it('no JS float enters: every rule refuses a number where money is expected', () => {
    const f = 1.1 as unknown as string;
    expect(() => computeMargin({ terms: EURUSD, quantity: f, price: '1.1', leverage: 100 }, rates)).toThrow(
      TypeError,
    );
    expect(() => computeMargin({ terms: EURUSD, quantity: '1', price: f, leverage: 100 }, rates)).toThrow(
      TypeError,
    );
    expect(() =>
      computeProfit({ terms: EURUSD, side: 'buy', openPrice: f, quantity: '1' }, '1.2', rates),
    ).toThrow(TypeError);
    expect(() => computeFee({ feeType: 1, feeRate: '0.1', quantity: f, margin: '0' })).toThrow(TypeError);
    expect(() => toUsd(f, 'EUR', rates)).toThrow(TypeError);
    expect(() => accountFigures({ balance: f, margin: '0', floatingProfit: '0' })).toThrow(TypeError);
    // a rate source that hands out floats is a bug in the caller, caught the same way
    expect(() => toUsd('1', 'EUR', () => ({ pair: 'XXX/USD', bid: f, ask: f }))).toThrow(TypeError);
  });
});
