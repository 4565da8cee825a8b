import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatScaled, type Scaled, scaled } from '../../src/exact/scaled.ts';
import type { ExactRate } from '../../src/trading/conversion.ts';
import { type ExactTerms, exactTerms } from '../../src/trading/instrument-terms.ts';
import {
  checkNewOrder,
  checkPendingStopEdit,
  checkStopEdit,
  type NewOrderRequest,
} from '../../src/trading/order-rules.ts';
import {
  checkNewOrderFast,
  checkPendingStopEditFast,
  checkStopEditFast,
  decimalFloat,
} from '../../src/trading/order-rules-fast.ts';
import type { ExactQuote } from '../../src/trading/quote.ts';
import { EURGBP, EURUSD, USDJPY, XAUUSD } from './fixtures.ts';

/** fast-check runs hundreds of cases a test: a generous budget so a loaded 2-core CI machine passes. */
const PROPERTY_TIMEOUT_MS = 60_000;

const text = (v: Scaled) => formatScaled(v.n, v.s);

/** USD rates of the currencies the generated instruments quote in ('ZZZ' has none). */
const RATES: Record<string, ExactRate> = {
  EUR: { pair: 'XXX/USD', bid: scaled('1.08345'), ask: scaled('1.08351') },
  GBP: { pair: 'XXX/USD', bid: scaled('1.26543'), ask: scaled('1.2655') },
  JPY: { pair: 'USD/XXX', bid: scaled('151.234'), ask: scaled('151.25') },
  CHF: { pair: 'USD/XXX', bid: scaled('0.8812'), ask: scaled('0.88131') },
};
const rates = (c: string) => RATES[c] ?? null;

/** A decimal text at up to `places` decimals, sometimes not canonical (the BigInt rules judge those). */
const decimalText = (max: number, places: number) =>
  fc
    .tuple(
      fc.integer({ min: 0, max }),
      fc.integer({ min: 0, max: places }),
      fc.constantFrom('', '', '', '0', ' '),
    )
    .map(([units, s, junk]) => {
      const t = formatScaled(BigInt(units), s);
      return junk === ' ' ? ` ${t}` : junk === '0' && t.includes('.') ? `${t}0` : t;
    });

const termsArb = fc
  .record({
    base: fc.constantFrom('EUR', 'USD', 'XAU', 'GBP'),
    quote: fc.constantFrom('USD', 'JPY', 'GBP', 'CHF', 'ZZZ'),
    contractSize: fc.constantFrom('1', '100', '100000', '0.5', '5000', '10'),
    lotStep: fc.constantFrom('0.01', '0.1', '1', '0.001', '0.05'),
    minMultiple: fc.integer({ min: 1, max: 3 }),
    maxLotsPerOrder: fc.constantFrom(undefined, '50', '2.5', '1000000'),
    maxOpenLots: fc.constantFrom(undefined, '200', '1.5', '100000000'),
    feeRate: fc.constantFrom('0', '0.005', '7', '0.00035', '0.003'),
    marginMode: fc.constantFrom(1, 2),
    leverageOptions: fc.oneof(
      { weight: 8, arbitrary: fc.constant([10, 50, 100]) },
      { weight: 1, arbitrary: fc.constant([]) },
      { weight: 1, arbitrary: fc.constant([1, 500]) },
    ),
    pricePrecision: fc.integer({ min: 0, max: 6 }),
  })
  .map(
    (r): ExactTerms =>
      exactTerms({
        code: 'TEST',
        baseCurrency: r.base,
        quoteCurrency: r.quote,
        contractSize: r.contractSize,
        lotStep: r.lotStep,
        minLots: text({ n: scaled(r.lotStep).n * BigInt(r.minMultiple), s: scaled(r.lotStep).s }),
        maxLotsPerOrder: r.maxLotsPerOrder,
        maxOpenLots: r.maxOpenLots,
        feeRate: r.feeRate,
        marginMode: r.marginMode,
        leverageOptions: r.leverageOptions,
        pricePrecision: r.pricePrecision,
      }),
  );

const caseArb = termsArb.chain((terms) => {
  const p = terms.pricePrecision;
  const unit = 10 ** p;
  return fc.record({
    terms: fc.constant(terms),
    bidUnits: fc.integer({ min: 1, max: 2_000_000 }),
    spreadUnits: fc.integer({ min: 0, max: 50 }),
    ageMs: fc.oneof(
      { weight: 20, arbitrary: fc.integer({ min: 0, max: 1_100 }) },
      { weight: 1, arbitrary: fc.constant(Number.NaN) },
    ),
    side: fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
    kind: fc.constantFrom<'market' | 'pending'>('market', 'pending'),
    steps: fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 4000 })),
    quantity: fc.oneof(
      { weight: 5, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: decimalText(1_000_000, 3) },
    ),
    // Mostly one of the instrument's options (as a number or as text), sometimes not.
    leverage: fc.oneof(
      { weight: 8, arbitrary: fc.tuple(fc.nat(), fc.boolean()) },
      {
        weight: 2,
        arbitrary: fc.constantFrom<NewOrderRequest['leverage']>(
          7,
          '010',
          null,
          2.5,
          '',
          '10.0',
          '100.00',
          ' 10',
          '1e2',
        ),
      },
    ),
    targetOffset: fc.integer({ min: -400, max: 400 }),
    stopLossOffset: fc.option(fc.integer({ min: -800, max: 800 }), { nil: undefined, freq: 2 }),
    takeProfitOffset: fc.option(fc.integer({ min: -800, max: 800 }), { nil: undefined, freq: 2 }),
    typing: fc.constantFrom('plain', 'plain', 'trailing', 'leading', 'finer'),
    oddStop: fc.constantFrom(undefined, '', '0', ' 1', '0.0', '00', '0.000'),
    balanceMicros: fc.oneof(
      fc.integer({ min: 0, max: 10_000_000_000 }),
      fc.constant(1e15),
      fc.constant(1e15),
    ),
    openLotsUnits: fc.integer({ min: 0, max: 50 }),
    openLotsScale: fc.integer({ min: 0, max: 3 }),
    feeType: fc.constantFrom(1, 2),
    marketOpen: fc.oneof(
      { weight: 9, arbitrary: fc.constant(true) },
      { weight: 1, arbitrary: fc.constant(false) },
    ),
    unit: fc.constant(unit),
  });
});

describe('checkNewOrderFast', () => {
  it('answers exactly what checkNewOrder accepts, or null (differential, with the fallback exercised)', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    let fastAccepted = 0;
    let runs = 0;
    const codes = new Map<string, number>();
    let exactAccepted = 0;
    let fellBack = 0;
    fc.assert(
      fc.property(caseArb, (c) => {
        runs++;
        const t = c.terms;
        const p = t.pricePrecision;
        const price = (units: number) => formatScaled(BigInt(Math.max(0, units)), p);
        // A trader's text: as printed, with trailing or leading zeros (the same price, stored
        // canonical), or one decimal finer than the instrument quotes (refused).
        const typed = (t: string) =>
          c.typing === 'trailing'
            ? `${t}${t.includes('.') ? '0' : '.00'}`
            : c.typing === 'leading'
              ? `0${t}`
              : c.typing === 'finer'
                ? `${t}${t.includes('.') ? '' : '.'}${'0'.repeat(Math.max(0, p - (t.split('.')[1]?.length ?? 0)))}5`
                : t;
        const bid = scaled(price(c.bidUnits));
        const ask = scaled(price(c.bidUnits + c.spreadUnits));
        const quote: ExactQuote = { bid, ask, timeMs: 10_000 - c.ageMs };
        const ref = c.side === 'buy' ? c.bidUnits + c.spreadUnits : c.bidUnits;
        const quantity = c.quantity ?? text({ n: t.lotStep.n * BigInt(1 + c.steps), s: t.lotStep.s });
        const stop = (offset: number | undefined) =>
          offset === undefined
            ? c.oddStop
            : typed(price(ref + offset * Math.max(1, Math.floor(c.bidUnits / 1000))));
        const request: NewOrderRequest = {
          side: c.side,
          kind: c.kind,
          quantity,
          leverage: Array.isArray(c.leverage)
            ? ((l: number) => (c.leverage[1] ? String(l) : l))(
                t.leverageOptions[c.leverage[0] % Math.max(1, t.leverageOptions.length)] ?? 10,
              )
            : c.leverage,
          targetPrice: c.kind === 'pending' ? typed(price(ref + c.targetOffset)) : '',
          stopLoss: stop(c.stopLossOffset),
          takeProfit: stop(c.takeProfitOffset),
        };
        const common = {
          terms: t,
          marketOpen: c.marketOpen,
          quote,
          nowMs: 10_000,
          maxQuoteAgeMs: 1_000,
          feeType: c.feeType,
          rates,
        };
        const fast = checkNewOrderFast(request, {
          ...common,
          availableMicros: c.balanceMicros,
          openLotsUnits: c.openLotsUnits,
          openLotsScale: c.openLotsScale,
        });
        let exact: ReturnType<typeof checkNewOrder>;
        try {
          exact = checkNewOrder(request, {
            ...common,
            availableBalance: { n: BigInt(c.balanceMicros), s: 6 },
            openLots: { n: BigInt(c.openLotsUnits), s: c.openLotsScale },
          });
        } catch {
          // The exact rules throw on a programming error (a JS number as a price); so must nothing pass here.
          expect(fast).toBeNull();
          return;
        }
        if (exact.ok) exactAccepted++;
        else codes.set(exact.error.code, (codes.get(exact.error.code) ?? 0) + 1);
        if (fast === null) {
          if (exact.ok) fellBack++;
          return;
        }
        fastAccepted++;
        expect(exact.ok).toBe(true);
        if (!exact.ok) return;
        const a = exact.value;
        // Same figures, and texts that are the canonical texts of the exact values (what a row stores).
        expect(fast).toEqual({
          pendingKind: a.pendingKind,
          leverage: a.leverage,
          marginMicros: Number(a.marginMicros),
          feeMicros: Number(a.feeMicros),
          quantityText: text(a.quantity),
          targetText: c.kind === 'pending' ? text(a.price) : null,
          stopLossText: a.stopLoss === null ? '0' : text(a.stopLoss),
          takeProfitText: a.takeProfit === null ? '0' : text(a.takeProfit),
        });
        if (c.kind === 'market') expect(a.price).toBe(c.side === 'buy' ? ask : bid);
      }),
      { numRuns: 20_000 },
    );
    // Not vacuous: many orders are accepted, most of them on the fast path, and some fall back.
    expect(runs).toBe(20_000);
    expect(codes.size).toBeGreaterThan(10); // refusals of many kinds were tried too
    expect(exactAccepted).toBeGreaterThan(1_000);
    expect(fastAccepted).toBeGreaterThan(exactAccepted / 2);
    expect(fellBack).toBeGreaterThan(0);
  });

  it('falls back where an exact product would pass 2^53 (a converted order with many digits)', () => {
    const terms = exactTerms({
      code: 'BTCGBP',
      baseCurrency: 'BTC',
      quoteCurrency: 'GBP',
      contractSize: '1',
      lotStep: '0.0001',
      minLots: '0.0001',
      feeRate: '0.003',
      marginMode: 2,
      leverageOptions: [10],
      pricePrecision: 2,
    });
    const quote: ExactQuote = { bid: scaled('51234.57'), ask: scaled('51240.11'), timeMs: 0 };
    const ctx = { terms, marketOpen: true, quote, nowMs: 0, maxQuoteAgeMs: 1000, feeType: 2, rates };
    // 12 345 × 5 124 011 × 253 093 (GBP's bid + ask) ≈ 1.6 · 10^16 > 2^53.
    const request: NewOrderRequest = { side: 'buy', kind: 'market', quantity: '1.2345', leverage: 10 };
    expect(
      checkNewOrderFast(request, { ...ctx, availableMicros: 1e13, openLotsUnits: 0, openLotsScale: 0 }),
    ).toBeNull();
    const exact = checkNewOrder(request, {
      ...ctx,
      availableBalance: { n: 10n ** 13n, s: 6 },
      openLots: { n: 0n, s: 0 },
    });
    expect(exact.ok).toBe(true);
    const smaller = { ...request, quantity: '0.0012' };
    expect(
      checkNewOrderFast(smaller, { ...ctx, availableMicros: 1e13, openLotsUnits: 0, openLotsScale: 0 }),
    ).not.toBeNull();
  });

  it("reads an instrument's figures once as safe Numbers, −1 beyond them or when a limit is not set", () => {
    const t = exactTerms({ ...EURUSD, contractSize: '90071992547409.93', maxLotsPerOrder: '2.5' });
    expect(t.counts).toEqual({
      contractSize: -1,
      lotStep: 1,
      minLots: 1,
      maxLotsPerOrder: 25,
      maxOpenLots: -1,
      feeRate: 3,
    });
    const request: NewOrderRequest = { side: 'buy', kind: 'market', quantity: '0.01', leverage: 100 };
    const quote: ExactQuote = { bid: scaled('1.08345'), ask: scaled('1.08351'), timeMs: 0 };
    const ctx = { terms: t, marketOpen: true, quote, nowMs: 0, maxQuoteAgeMs: 1000, feeType: 2, rates };
    expect(
      checkNewOrderFast(request, { ...ctx, availableMicros: 1e15, openLotsUnits: 0, openLotsScale: 0 }),
    ).toBeNull();
  });

  it('agrees on the worked examples of the seeded instruments', () => {
    const cases: Array<[typeof EURUSD, ExactQuote, string]> = [
      [EURUSD, { bid: scaled('1.08345'), ask: scaled('1.08351'), timeMs: 0 }, '0.37'],
      [USDJPY, { bid: scaled('151.234'), ask: scaled('151.25'), timeMs: 0 }, '1.3'],
      [EURGBP, { bid: scaled('0.85612'), ask: scaled('0.85619'), timeMs: 0 }, '0.05'],
      [XAUUSD, { bid: scaled('2345.67'), ask: scaled('2346.02'), timeMs: 0 }, '0.5'],
    ];
    for (const [terms, quote, quantity] of cases)
      for (const feeType of [1, 2]) {
        const request: NewOrderRequest = { side: 'buy', kind: 'market', quantity, leverage: 100 };
        const ctx = {
          terms: exactTerms(terms),
          marketOpen: true,
          quote,
          nowMs: 0,
          maxQuoteAgeMs: 1000,
          feeType,
          rates,
        };
        const fast = checkNewOrderFast(request, {
          ...ctx,
          availableMicros: 1e13,
          openLotsUnits: 0,
          openLotsScale: 0,
        });
        const exact = checkNewOrder(request, {
          ...ctx,
          availableBalance: { n: 10n ** 13n, s: 6 },
          openLots: { n: 0n, s: 0 },
        });
        if (!exact.ok) throw new Error(`${terms.code} refused: ${exact.error.detail}`);
        expect([terms.code, fast?.marginMicros, fast?.feeMicros]).toEqual([
          terms.code,
          Number(exact.value.marginMicros),
          Number(exact.value.feeMicros),
        ]);
      }
  });
});

describe('checkStopEditFast, checkPendingStopEditFast', () => {
  const stopText = fc.oneof(
    {
      weight: 2,
      arbitrary: fc.constantFrom<string | undefined | null>(undefined, null, '', '0', '0.00', ' 1', '-1'),
    },
    {
      weight: 8,
      arbitrary: fc
        .tuple(
          fc.integer({ min: 1, max: 3_000_000 }),
          fc.integer({ min: 0, max: 7 }),
          fc.constantFrom('', '0', '00'),
        )
        .map(([units, s, junk]) => {
          const t = formatScaled(BigInt(units), s);
          return junk === '00' ? `0${t}` : junk === '0' ? `${t}${t.includes('.') ? '0' : '.0'}` : t;
        }),
    },
  );
  const expectSame = (fast: unknown, exact: ReturnType<typeof checkStopEdit>) => {
    if (fast === null) return false;
    expect(exact.ok).toBe(true);
    if (!exact.ok) return true;
    expect(fast).toEqual({
      stopLossText: exact.value.stopLoss === null ? '0' : text(exact.value.stopLoss),
      takeProfitText: exact.value.takeProfit === null ? '0' : text(exact.value.takeProfit),
    });
    return true;
  };

  it('answers what the exact stop edits accept, or null (differential)', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    let fastAccepted = 0;
    let exactAccepted = 0;
    fc.assert(
      fc.property(
        fc.record({
          side: fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
          precision: fc.integer({ min: 0, max: 6 }),
          bidUnits: fc.integer({ min: 1, max: 3_000_000 }),
          spread: fc.integer({ min: 0, max: 40 }),
          ageMs: fc.oneof(
            { weight: 20, arbitrary: fc.integer({ min: 0, max: 1_100 }) },
            { weight: 1, arbitrary: fc.constant(Number.NaN) },
          ),
          marketOpen: fc.oneof(
            { weight: 9, arbitrary: fc.constant(true) },
            { weight: 1, arbitrary: fc.constant(false) },
          ),
          stopLoss: stopText,
          takeProfit: stopText,
          pending: fc.boolean(),
        }),
        (c) => {
          const bid = scaled(formatScaled(BigInt(c.bidUnits), c.precision));
          const ask = scaled(formatScaled(BigInt(c.bidUnits + c.spread), c.precision));
          const request = { side: c.side, stopLoss: c.stopLoss, takeProfit: c.takeProfit };
          let exact: ReturnType<typeof checkStopEdit>;
          let fast: unknown;
          if (c.pending) {
            const target = c.side === 'buy' ? ask : bid;
            exact = checkPendingStopEdit(request, { pricePrecision: c.precision, target });
            fast = checkPendingStopEditFast(request, {
              pricePrecision: c.precision,
              targetText: text(target),
            });
          } else {
            const ctx = {
              pricePrecision: c.precision,
              marketOpen: c.marketOpen,
              quote: { bid, ask, timeMs: 10_000 - c.ageMs },
              nowMs: 10_000,
              maxQuoteAgeMs: 1_000,
            };
            exact = checkStopEdit(request, ctx);
            fast = checkStopEditFast(request, ctx);
          }
          if (exact.ok) exactAccepted++;
          if (expectSame(fast, exact)) fastAccepted++;
        },
      ),
      { numRuns: 20_000 },
    );
    expect(exactAccepted).toBeGreaterThan(2_000);
    expect(fastAccepted).toBeGreaterThan(exactAccepted / 2);
    expect(fastAccepted).toBeLessThan(exactAccepted); // ' 1' and the like fall back
  });
});

describe('decimalFloat (the fast reader as a double)', () => {
  it('gives the double Number() parses, for plain decimals of any length and for anything else', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    const digitText = fc.string({
      unit: fc.constantFrom('0', '1', '2', '5', '7', '9'),
      minLength: 0,
      maxLength: 22,
    });
    const plain = fc
      .tuple(digitText, fc.option(digitText, { nil: undefined }))
      .map(([a, b]) => (b === undefined ? a : `${a}.${b}`));
    const other = fc.string({
      unit: fc.constantFrom('0', '1', '9', '.', '-', '+', 'e', ' ', ',', '٣'),
      maxLength: 12,
    });
    fc.assert(
      fc.property(fc.oneof(plain, other), (t) => {
        expect(Object.is(decimalFloat(t), Number(t))).toBe(true);
      }),
      { numRuns: 20_000 },
    );
    // Prices as the engine meets them, and the 15/16-digit edge.
    for (const t of [
      '1.16381',
      '0.01',
      '65432.1',
      '0.000001',
      '999999999999999',
      '9999999999999999',
      '.5',
      '5.',
      '',
      '.',
    ])
      expect(Object.is(decimalFloat(t), Number(t))).toBe(true);
    for (let i = 0; i < 20_000; i++) {
      const t = (Math.random() * 10 ** ((i % 12) - 3)).toFixed(i % 9);
      expect(decimalFloat(t)).toBe(Number(t));
    }
  });
});
