import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Scaled, scaled } from '../../src/exact/scaled.ts';
import {
  type ExactRateSource,
  exactRates,
  feeExact,
  marginExact,
  profitExact,
  type RateSource,
  type UsdRate,
  usdMicros,
  usdPerUnitExact,
} from '../../src/trading/index.ts';

/** fast-check runs hundreds of cases a test: a generous budget so a loaded 2-core CI machine passes. */
const PROPERTY_TIMEOUT_MS = 60_000;

/**
 * Differential tests: the integer rules against an independent reference written here with
 * decimal.js at 100 significant digits (every value below needs at most ~30 digits before the
 * 6-decimal rounding, so the reference's only rounding that matters is the final one).
 */
const D = Decimal.clone({ precision: 100, rounding: Decimal.ROUND_HALF_EVEN });
type D = Decimal;

/** The reference rounding: half-even to 6 decimals, as an integer count of micro-dollars. */
const refMicros = (x: D): bigint =>
  BigInt(x.toDecimalPlaces(6, D.ROUND_HALF_EVEN).times(1_000_000).toFixed());

// Decimal TEXT built from integers (no float ever enters); trailing zeros kept on purpose.
const decimalText = (min: number, max: number, places: number) =>
  fc.integer({ min, max }).map((n) => new D(n).div(new D(10).pow(places)).toFixed(places));

const quantity = decimalText(0, 10_000, 2); // 0 .. 100 lots, multiples of 0.01
const price = fc.integer({ min: 2, max: 5 }).chain((places) => decimalText(1, 3_000 * 10 ** places, places)); // 2–5 decimals, > 0
const contractSize = fc.constantFrom('100000', '100', '1', '5000', '0.01');
const leverage = fc.constantFrom(1, 10, 50, 100, 500);
const marginMode = fc.constantFrom(1, 2);
const side = fc.constantFrom('buy' as const, 'sell' as const);

/** A sound quote for a USD pair: 3–5 decimals, bid > 0, ask ≥ bid (possibly at another scale). */
const quote = (pair: UsdRate['pair'], maxUnits: number) =>
  fc
    .tuple(
      fc.integer({ min: 3, max: 5 }),
      fc.integer({ min: 1, max: maxUnits }),
      fc.integer({ min: 0, max: 2_000 }),
      fc.integer({ min: 0, max: 2 }),
    )
    .map(([places, bidUnits, spread, askExtra]): UsdRate => {
      const bid = new D(bidUnits).div(new D(10).pow(places));
      const ask = bid.plus(new D(spread).div(new D(10).pow(places)));
      return { pair, bid: bid.toFixed(places), ask: ask.toFixed(places + askExtra) };
    });

// AAA is quoted AAA/USD (like EURUSD), BBB is quoted USD/BBB (like USDJPY).
const rateBook = fc.record({ AAA: quote('XXX/USD', 3_000), BBB: quote('USD/XXX', 300) });
type RateBook = { AAA: UsdRate; BBB: UsdRate };
const sourceOf =
  (book: RateBook): RateSource =>
  (c) =>
    c === 'AAA' ? book.AAA : c === 'BBB' ? book.BBB : null;

const quoteCurrency = fc.constantFrom('USD', 'AAA', 'BBB');
const baseCurrency = fc.constantFrom('USD', 'XAU');

/** Reference conversion to USD at the mid: × mid for XXX/USD, ÷ mid for USD/XXX. */
function refToUsd(amount: D, currency: string, book: RateBook): D {
  if (currency === 'USD') return amount;
  const r = currency === 'AAA' ? book.AAA : book.BBB;
  const mid = new D(r.bid as string).plus(new D(r.ask as string)).div(2);
  return r.pair === 'XXX/USD' ? amount.times(mid) : amount.div(mid);
}

interface MarginCase {
  mode: number;
  base: string;
  quote: string;
  cs: string;
  qty: string;
  price: string;
  lev: number;
}

/** Reference margin in its own currency (DESIGN §4), written from the formula, not the code. */
function refMarginAmount(c: MarginCase): { amount: D; currency: string } {
  const units = new D(c.qty).times(new D(c.cs));
  if (c.mode === 1) return { amount: units, currency: c.quote };
  if (c.base === 'USD') return { amount: units.div(c.lev), currency: 'USD' };
  return { amount: units.times(new D(c.price)).div(c.lev), currency: c.quote };
}

const marginCase = fc.record({
  mode: marginMode,
  base: baseCurrency,
  quote: quoteCurrency,
  cs: contractSize,
  qty: quantity,
  price,
  lev: leverage,
});

const terms = (c: MarginCase) => ({
  contractSize: scaled(c.cs),
  marginMode: c.mode,
  baseCurrency: c.base,
  quoteCurrency: c.quote,
});

const margin = (c: MarginCase, qty: Scaled, rates: ExactRateSource) =>
  marginExact(terms(c), qty, scaled(c.price), c.lev, rates);

const RUNS = { numRuns: 300 };

describe('integer rules equal a 100-digit decimal.js reference', () => {
  it('marginExact: micros = half-even(6) of the exact formula converted at the mid', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    fc.assert(
      fc.property(marginCase, rateBook, (c, book) => {
        const r = margin(c, scaled(c.qty), exactRates(sourceOf(book)));
        if (!r.ok) throw new Error(`unexpected ${r.error.code}`);
        const ref = refMarginAmount(c);
        expect(r.value.currency).toBe(ref.currency);
        // the formula's own figure is exact (it always terminates), so it must be equal, not close
        expect(new D(r.value.amount.num.toString()).div(r.value.amount.den.toString()).eq(ref.amount)).toBe(
          true,
        );
        expect(r.value.micros).toBe(refMicros(refToUsd(ref.amount, ref.currency, book)));
      }),
      RUNS,
    );
  });

  it('profitExact: micros = half-even(6) of (close − open) × qty × cs × sign at the mid', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    fc.assert(
      fc.property(
        side,
        quoteCurrency,
        contractSize,
        quantity,
        price,
        price,
        rateBook,
        (s, ccy, cs, qty, open, close, book) => {
          const r = profitExact(
            {
              contractSize: scaled(cs),
              quoteCurrency: ccy,
              side: s,
              openPrice: scaled(open),
              quantity: scaled(qty),
            },
            scaled(close),
            exactRates(sourceOf(book)),
          );
          if (!r.ok) throw new Error(`unexpected ${r.error.code}`);
          const amount = new D(close)
            .minus(open)
            .times(qty)
            .times(cs)
            .times(s === 'buy' ? 1 : -1);
          expect(new D(r.value.amount.num.toString()).div(r.value.amount.den.toString()).eq(amount)).toBe(
            true,
          );
          expect(r.value.micros).toBe(refMicros(refToUsd(amount, ccy, book)));
        },
      ),
      RUNS,
    );
  });

  it('feeExact: per lot qty × rate, otherwise margin × rate, half-even(6)', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    fc.assert(
      fc.property(
        fc.constantFrom(0, 1, 2, 3),
        fc.integer({ min: 0, max: 6 }).chain((p) => decimalText(0, 1_000_000, p)),
        quantity,
        fc.integer({ min: 0, max: 6 }).chain((p) => decimalText(0, 2_000_000_000, p)),
        (feeType, rate, qty, marginText) => {
          const fee = feeExact(feeType, scaled(rate), scaled(qty), scaled(marginText));
          const base = feeType === 1 ? new D(qty) : new D(marginText);
          expect(fee).toBe(refMicros(base.times(rate)));
          expect(fee >= 0n).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('feeExact on a margin the rules just reserved equals the reference chain', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    fc.assert(
      fc.property(marginCase, rateBook, decimalText(0, 100_000, 6), (c, book, rate) => {
        const m = margin(c, scaled(c.qty), exactRates(sourceOf(book)));
        if (!m.ok) throw new Error(`unexpected ${m.error.code}`);
        const ref = refMarginAmount(c);
        const refMargin = refToUsd(ref.amount, ref.currency, book).toDecimalPlaces(6, D.ROUND_HALF_EVEN);
        const fee = feeExact(2, scaled(rate), scaled(c.qty), { n: m.value.micros, s: 6 });
        expect(fee).toBe(refMicros(refMargin.times(rate)));
      }),
      { numRuns: 200 },
    );
  });

  it('usdMicros converts an arbitrary exact ratio like the reference', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        quoteCurrency,
        rateBook,
        (num, den, ccy, book) => {
          const r = usdMicros({ num, den }, ccy, exactRates(sourceOf(book)));
          if (!r.ok) throw new Error(`unexpected ${r.error.code}`);
          const amount = new D(num.toString()).div(den.toString());
          // the reference divides twice (by den, then by the mid for USD/XXX): with 100 digits and
          // values below 1e18 the intermediate error is far below anything that could move a
          // 6-decimal rounding, except exactly at a half, which both sides then compute exactly
          expect(r.value).toBe(refMicros(refToUsd(amount, ccy, book)));
        },
      ),
      RUNS,
    );
  });

  it('exact halves at the 7th decimal round to even (the reference and the rules agree)', () => {
    const usd = exactRates(() => null);
    const tie = (p: string) =>
      margin(
        { mode: 2, base: 'XAU', quote: 'USD', cs: '0.01', qty: '0.01', price: p, lev: 10 },
        scaled('0.01'),
        usd,
      );
    // 0.0001 × 0.25 / 10 = 0.0000025 → 0.000002; 0.0001 × 0.35 / 10 = 0.0000035 → 0.000004
    expect(tie('0.25')).toMatchObject({ ok: true, value: { micros: 2n } });
    expect(tie('0.35')).toMatchObject({ ok: true, value: { micros: 4n } });
    const pos = {
      contractSize: scaled('0.01'),
      quoteCurrency: 'USD',
      openPrice: scaled('1.000'),
      quantity: scaled('0.01'),
    };
    // ±0.025 × 0.01 × 0.01 = ±0.0000025 → ±0.000002 (half-even is symmetric)
    expect(profitExact({ ...pos, side: 'buy' }, scaled('1.025'), usd)).toMatchObject({
      ok: true,
      value: { micros: 2n },
    });
    expect(profitExact({ ...pos, side: 'sell' }, scaled('1.025'), usd)).toMatchObject({
      ok: true,
      value: { micros: -2n },
    });
    expect(profitExact({ ...pos, side: 'buy' }, scaled('1.035'), usd)).toMatchObject({
      ok: true,
      value: { micros: 4n },
    });
    expect(feeExact(1, scaled('0.00025'), scaled('0.01'), scaled('0'))).toBe(2n);
    expect(feeExact(1, scaled('0.00035'), scaled('0.01'), scaled('0'))).toBe(4n);
    expect(feeExact(2, scaled('0.5'), scaled('0'), scaled('0.000005'))).toBe(2n);
    expect(feeExact(2, scaled('0.5'), scaled('0'), scaled('0.000007'))).toBe(4n);
  });
});

describe('structural properties of the integer rules', () => {
  it('margin for 2 × q is 2 × margin for q within one micro-dollar', { timeout: PROPERTY_TIMEOUT_MS }, () => {
    fc.assert(
      fc.property(marginCase, rateBook, (c, book) => {
        const rates = exactRates(sourceOf(book));
        const q = scaled(c.qty);
        const one = margin(c, q, rates);
        const two = margin(c, { n: q.n * 2n, s: q.s }, rates);
        if (!one.ok || !two.ok) throw new Error('unexpected conversion error');
        const gap = two.value.micros - 2n * one.value.micros;
        expect(gap >= -1n && gap <= 1n).toBe(true);
        expect(one.value.micros >= 0n).toBe(true);
      }),
      RUNS,
    );
  });

  it('profit of a buy is exactly minus the sell at the same prices', { timeout: PROPERTY_TIMEOUT_MS }, () => {
    fc.assert(
      fc.property(
        quoteCurrency,
        contractSize,
        quantity,
        price,
        price,
        rateBook,
        (ccy, cs, qty, open, close, book) => {
          const rates = exactRates(sourceOf(book));
          const pos = {
            contractSize: scaled(cs),
            quoteCurrency: ccy,
            openPrice: scaled(open),
            quantity: scaled(qty),
          };
          const b = profitExact({ ...pos, side: 'buy' }, scaled(close), rates);
          const s = profitExact({ ...pos, side: 'sell' }, scaled(close), rates);
          if (!b.ok || !s.ok) throw new Error('unexpected conversion error');
          expect(b.value.micros + s.value.micros).toBe(0n);
        },
      ),
      RUNS,
    );
  });
});

describe('unusable rates are refused, never priced', () => {
  const fixed = { mode: 1, base: 'XAU', cs: '100', qty: '1', price: '1.2', lev: 100 };
  const bad =
    (pair: UsdRate['pair'], bid: string, ask: string): RateSource =>
    (c) =>
      c === 'AAA' || c === 'BBB' ? { pair, bid, ask } : null;

  it('a crossed, zero or negative quote is CONVERSION_RATE_INVALID', () => {
    const quotes: [string, string][] = [
      ['1.10001', '1.1'], // crossed, at different scales
      ['1.1', '1.09999'],
      ['150.01', '150.001'],
      ['0', '1.1'],
      ['0', '0'],
      ['0.000', '0.00'],
      ['-1.1', '1.1'],
      ['1.1', '0'],
    ];
    for (const [bid, ask] of quotes)
      for (const pair of ['XXX/USD', 'USD/XXX'] as const)
        for (const ccy of ['AAA', 'BBB']) {
          const rates = exactRates(bad(pair, bid, ask));
          const expected = { ok: false, error: { code: 'CONVERSION_RATE_INVALID', currency: ccy } };
          expect(usdPerUnitExact(ccy, rates), `${pair} ${bid}/${ask}`).toEqual(expected);
          expect(margin({ ...fixed, quote: ccy }, scaled('1'), rates)).toEqual(expected);
          expect(
            profitExact(
              {
                contractSize: scaled('100'),
                quoteCurrency: ccy,
                side: 'buy',
                openPrice: scaled('1.1'),
                quantity: scaled('1'),
              },
              scaled('1.2'),
              rates,
            ),
          ).toEqual(expected);
          expect(usdMicros({ num: 1n, den: 1n }, ccy, rates)).toEqual(expected);
        }
  });

  it('a random crossed quote is refused; bid = ask (at any scale) is accepted', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 5 }),
        fc.integer({ min: 1, max: 300_000 }),
        fc.integer({ min: 1, max: 2_000 }),
        fc.constantFrom<UsdRate['pair']>('XXX/USD', 'USD/XXX'),
        (places, askUnits, cross, pair) => {
          const unit = new D(10).pow(places);
          const ask = new D(askUnits).div(unit);
          const crossed = exactRates(
            bad(pair, ask.plus(new D(cross).div(unit)).toFixed(places), ask.toFixed(places)),
          );
          expect(usdPerUnitExact('AAA', crossed)).toEqual({
            ok: false,
            error: { code: 'CONVERSION_RATE_INVALID', currency: 'AAA' },
          });
          const flat = exactRates(bad(pair, ask.toFixed(places), ask.toFixed(places + 2)));
          const r = usdPerUnitExact('AAA', flat);
          expect(r.ok).toBe(true);
          if (r.ok) {
            const perUnit = new D(r.value.num.toString()).div(r.value.den.toString());
            expect(perUnit.eq(pair === 'XXX/USD' ? ask : new D(1).div(ask))).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a currency without a USD pair is CONVERSION_RATE_UNKNOWN; USD needs no rate', () => {
    const none: ExactRateSource = () => null;
    const expected = { ok: false, error: { code: 'CONVERSION_RATE_UNKNOWN', currency: 'ZZZ' } };
    expect(usdPerUnitExact('ZZZ', none)).toEqual(expected);
    expect(margin({ ...fixed, quote: 'ZZZ' }, scaled('1'), none)).toEqual(expected);
    expect(margin({ ...fixed, mode: 2, quote: 'ZZZ' }, scaled('1'), none)).toEqual(expected);
    expect(
      profitExact(
        {
          contractSize: scaled('100'),
          quoteCurrency: 'ZZZ',
          side: 'sell',
          openPrice: scaled('1.1'),
          quantity: scaled('1'),
        },
        scaled('1.2'),
        none,
      ),
    ).toEqual(expected);
    // USD as the quote, or as the base in leverage mode, converts nothing
    expect(usdPerUnitExact('USD', none)).toEqual({ ok: true, value: { num: 1n, den: 1n } });
    const usdBase = margin({ ...fixed, mode: 2, base: 'USD', quote: 'ZZZ', cs: '100000' }, scaled('1'), none);
    expect(usdBase.ok && usdBase.value.micros).toBe(1_000_000_000n); // 100 000 USD / 100
  });
});
