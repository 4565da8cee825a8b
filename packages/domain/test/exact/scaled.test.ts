import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addScaled,
  atScale,
  compareScaled,
  divRound,
  formatFixed,
  formatScaled,
  formatScaledNumber,
  isMultipleOf,
  mulRatio,
  mulScaled,
  parseScaled,
  type Rounding,
  ratioOf,
  roundRatio,
  type Scaled,
  safeNumber,
  scaled,
} from '../../src/exact/scaled.ts';

/** fast-check runs hundreds of cases a test: a generous budget so a loaded 2-core CI machine passes. */
const PROPERTY_TIMEOUT_MS = 60_000;

// An independent reference: decimal.js with far more digits than any value below needs.
const D = Decimal.clone({ precision: 100 });
const dec = (n: bigint, s: number) => new D(`${n}e-${s}`);
const MODES: Record<Rounding, Decimal.Rounding> = {
  half_even: D.ROUND_HALF_EVEN,
  down: D.ROUND_DOWN,
  floor: D.ROUND_FLOOR,
};
/** num / den rounded to an integer by decimal.js (BigInt also folds a '-0' into 0n). */
const refDiv = (num: bigint, den: bigint, mode: Rounding): bigint =>
  BigInt(new D(num.toString()).div(new D(den.toString())).toDecimalPlaces(0, MODES[mode]).toFixed());

const big = fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n });
const smallBig = fc.bigInt({ min: -10_000n, max: 10_000n });
const scale = fc.integer({ min: 0, max: 12 });
const scaledArb = fc.record({ n: fc.oneof(big, smallBig), s: scale });
const positiveDen = fc.oneof(fc.bigInt({ min: 1n, max: 10n ** 20n }), fc.bigInt({ min: 1n, max: 20n }));
const mode = fc.constantFrom<Rounding>('half_even', 'down', 'floor');

describe('parseScaled', () => {
  it('reads plain decimals at the smallest scale that holds them', () => {
    expect(parseScaled('12.50')).toEqual({ n: 125n, s: 1 });
    expect(parseScaled('12.500000')).toEqual({ n: 125n, s: 1 });
    expect(parseScaled('-12.50')).toEqual({ n: -125n, s: 1 });
    expect(parseScaled('1.000')).toEqual({ n: 1n, s: 0 });
    expect(parseScaled('0.000')).toEqual({ n: 0n, s: 0 });
    expect(parseScaled('-0.000001')).toEqual({ n: -1n, s: 6 });
    expect(parseScaled('0.005')).toEqual({ n: 5n, s: 3 });
    expect(parseScaled('100')).toEqual({ n: 100n, s: 0 }); // integer zeros are digits, not padding
    expect(parseScaled('007.10')).toEqual({ n: 71n, s: 1 });
    expect(parseScaled('123456789012345678901234567890.123456789')).toEqual({
      n: 123456789012345678901234567890123456789n,
      s: 9,
    });
  });

  it('refuses anything that is not a plain decimal text', () => {
    for (const text of [
      '1e3',
      '1E3',
      '1,5',
      '',
      ' 1',
      '1 ',
      '.5',
      '1.',
      '+1',
      '--1',
      '-',
      '1.2.3',
      'abc',
      '0x10',
    ])
      expect(parseScaled(text), text).toBeNull();
  });

  it('agrees with the grammar -?\\d+(\\.\\d+)? read by a regex, on any text (differential)', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    // The reference: the regex reading parseScaled replaced (session 5), kept here as the oracle.
    const reference = (text: string): Scaled | null => {
      const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
      if (m === null) return null;
      const frac = (m[3] ?? '').replace(/0+$/, '');
      const n = BigInt(m[2]! + frac);
      return { n: m[1] === '-' ? -n : n, s: frac.length };
    };
    const digits = (min: number, max: number) =>
      fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
    const wellFormed = fc
      .tuple(fc.boolean(), digits(1, 22), fc.option(digits(1, 22), { nil: undefined }))
      .map(([neg, int, frac]) => `${neg ? '-' : ''}${int}${frac === undefined ? '' : `.${frac}`}`);
    const noise = fc.string({ unit: fc.constantFrom(...'0123456789.-+ e,x'), maxLength: 24 });
    fc.assert(
      fc.property(fc.oneof(wellFormed, noise), (text) => {
        expect(parseScaled(text)).toEqual(reference(text));
      }),
      { numRuns: 5000 },
    );
  });

  it('scaled() throws a RangeError where parseScaled answers null', () => {
    expect(scaled('2.50')).toEqual({ n: 25n, s: 1 });
    expect(() => scaled('1e3')).toThrow(RangeError);
    expect(() => scaled('')).toThrow(RangeError);
  });
});

describe('formatScaled', () => {
  it('prints the shortest plain text', () => {
    expect(formatScaled(12_500_000n, 6)).toBe('12.5');
    expect(formatScaled(0n, 6)).toBe('0');
    expect(formatScaled(0n, 0)).toBe('0');
    expect(formatScaled(-1n, 6)).toBe('-0.000001');
    expect(formatScaled(5n, 3)).toBe('0.005');
    expect(formatScaled(-5n, 3)).toBe('-0.005');
    expect(formatScaled(50n, 3)).toBe('0.05');
    expect(formatScaled(1_000_000n, 6)).toBe('1');
    expect(formatScaled(-2_000_000n, 6)).toBe('-2');
    expect(formatScaled(100n, 0)).toBe('100');
    expect(formatScaled(123_456n, 2)).toBe('1234.56');
    expect(formatScaled(999n, 3)).toBe('0.999');
  });
});

describe('formatFixed', () => {
  it('prints exactly the asked number of decimals', () => {
    expect(formatFixed(125n, 2, 4)).toBe('1.2500');
    expect(formatFixed(125n, 2, 2)).toBe('1.25');
    expect(formatFixed(0n, 0, 2)).toBe('0.00');
    expect(formatFixed(0n, 6, 6)).toBe('0.000000');
    expect(formatFixed(-5n, 3, 3)).toBe('-0.005');
    expect(formatFixed(-5n, 3, 6)).toBe('-0.005000');
    expect(formatFixed(7n, 0, 0)).toBe('7');
    expect(formatFixed(-12_500_000n, 6, 6)).toBe('-12.500000');
    expect(formatFixed(1n, 0, 3)).toBe('1.000');
  });

  it('refuses to round', () => {
    expect(() => formatFixed(125n, 2, 1)).toThrow(RangeError);
  });
});

describe('atScale, addScaled, mulScaled', () => {
  it('rescale exactly and refuse to drop digits', () => {
    expect(atScale({ n: 125n, s: 2 }, 2)).toBe(125n);
    expect(atScale({ n: 125n, s: 2 }, 5)).toBe(125_000n);
    expect(() => atScale({ n: 125n, s: 2 }, 1)).toThrow(RangeError);
  });

  it('add and multiply exactly across scales', () => {
    expect(addScaled(scaled('1.25'), scaled('-0.005'))).toEqual({ n: 1245n, s: 3 });
    expect(addScaled(scaled('1.25'), scaled('0.75'))).toEqual({ n: 200n, s: 2 });
    expect(mulScaled(scaled('1.5'), scaled('-0.02'))).toEqual({ n: -30n, s: 3 });
  });
});

describe('compareScaled', () => {
  it('compares across scales', () => {
    expect(compareScaled({ n: 1n, s: 0 }, { n: 10n, s: 1 })).toBe(0);
    expect(compareScaled({ n: 1_000_000n, s: 6 }, { n: 1n, s: 0 })).toBe(0);
    expect(compareScaled(scaled('1.25'), scaled('1.3'))).toBe(-1);
    expect(compareScaled(scaled('1.3'), scaled('1.25'))).toBe(1);
    expect(compareScaled(scaled('-0.001'), scaled('0'))).toBe(-1);
    expect(compareScaled(scaled('-1.5'), scaled('-1.49999'))).toBe(-1);
    expect(compareScaled(scaled('0'), { n: 0n, s: 9 })).toBe(0);
  });
});

describe('isMultipleOf', () => {
  it('answers whole multiples of a step at any scale', () => {
    expect(isMultipleOf(scaled('0.15'), scaled('0.01'))).toBe(true);
    expect(isMultipleOf(scaled('0.015'), scaled('0.01'))).toBe(false);
    expect(isMultipleOf(scaled('1'), scaled('0.25'))).toBe(true);
    expect(isMultipleOf(scaled('1.1'), scaled('0.25'))).toBe(false);
    expect(isMultipleOf(scaled('-0.5'), scaled('0.25'))).toBe(true);
    expect(isMultipleOf(scaled('0'), scaled('0.01'))).toBe(true);
    expect(isMultipleOf(scaled('300'), scaled('100'))).toBe(true);
    expect(isMultipleOf(scaled('250'), scaled('100'))).toBe(false);
    expect(isMultipleOf({ n: 1000n, s: 5 }, scaled('0.01'))).toBe(true);
  });
});

describe('divRound', () => {
  const cases: [bigint, bigint, Record<Rounding, bigint>][] = [
    [5n, 2n, { half_even: 2n, down: 2n, floor: 2n }],
    [7n, 2n, { half_even: 4n, down: 3n, floor: 3n }],
    [-5n, 2n, { half_even: -2n, down: -2n, floor: -3n }],
    [-7n, 2n, { half_even: -4n, down: -3n, floor: -4n }],
    [1n, 3n, { half_even: 0n, down: 0n, floor: 0n }],
    [-1n, 3n, { half_even: 0n, down: 0n, floor: -1n }],
    [2n, 3n, { half_even: 1n, down: 0n, floor: 0n }],
    [-2n, 3n, { half_even: -1n, down: 0n, floor: -1n }],
    [6n, 3n, { half_even: 2n, down: 2n, floor: 2n }],
    [-6n, 3n, { half_even: -2n, down: -2n, floor: -2n }],
    [0n, 7n, { half_even: 0n, down: 0n, floor: 0n }],
    [1n, 2n, { half_even: 0n, down: 0n, floor: 0n }],
    [-1n, 2n, { half_even: 0n, down: 0n, floor: -1n }],
    [3n, 2n, { half_even: 2n, down: 1n, floor: 1n }],
    [-3n, 2n, { half_even: -2n, down: -1n, floor: -2n }],
    [25n, 10n, { half_even: 2n, down: 2n, floor: 2n }],
    [35n, 10n, { half_even: 4n, down: 3n, floor: 3n }],
    [26n, 10n, { half_even: 3n, down: 2n, floor: 2n }],
    [-26n, 10n, { half_even: -3n, down: -2n, floor: -3n }],
    // a negative denominator is the same quotient
    [5n, -2n, { half_even: -2n, down: -2n, floor: -3n }],
    [-7n, -2n, { half_even: 4n, down: 3n, floor: 3n }],
    [1n, -3n, { half_even: 0n, down: 0n, floor: -1n }],
  ];
  for (const [num, den, expected] of cases)
    for (const m of Object.keys(expected) as Rounding[])
      it(`${num}/${den} ${m} → ${expected[m]}`, () => {
        expect(divRound(num, den, m)).toBe(expected[m]);
      });

  it('agrees with decimal.js for random numerators and positive denominators', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    fc.assert(
      fc.property(fc.oneof(big, smallBig), positiveDen, mode, (num, den, m) => {
        expect(divRound(num, den, m)).toBe(refDiv(num, den, m));
      }),
      { numRuns: 500 },
    );
  });

  it('agrees with decimal.js on exact halves (k + ½)', { timeout: PROPERTY_TIMEOUT_MS }, () => {
    fc.assert(
      fc.property(smallBig, fc.bigInt({ min: 1n, max: 10n ** 12n }), mode, (k, d, m) => {
        const num = (2n * k + 1n) * d;
        const den = 2n * d;
        expect(divRound(num, den, m)).toBe(refDiv(num, den, m));
      }),
      { numRuns: 300 },
    );
  });

  it('agrees with decimal.js for negative denominators too', { timeout: PROPERTY_TIMEOUT_MS }, () => {
    fc.assert(
      fc.property(fc.oneof(big, smallBig), positiveDen, mode, (num, den, m) => {
        expect(divRound(num, -den, m)).toBe(refDiv(num, -den, m));
      }),
      { numRuns: 200 },
    );
  });
});

describe('ratios', () => {
  it('round once, at the asked places', () => {
    expect(ratioOf(scaled('1.25'))).toEqual({ num: 125n, den: 100n });
    expect(mulRatio({ num: 2n, den: 3n }, { num: -5n, den: 7n })).toEqual({ num: -10n, den: 21n });
    expect(roundRatio({ num: 2n, den: 3n }, 6, 'half_even')).toBe(666_667n);
    expect(roundRatio({ num: 2n, den: 3n }, 6, 'down')).toBe(666_666n);
    expect(roundRatio({ num: -2n, den: 3n }, 6, 'floor')).toBe(-666_667n);
    expect(roundRatio({ num: 1n, den: 8n }, 2, 'half_even')).toBe(12n); // 0.125 → 0.12
    expect(roundRatio({ num: 3n, den: 8n }, 2, 'half_even')).toBe(38n); // 0.375 → 0.38
  });

  it('roundRatio agrees with decimal.js toDecimalPlaces', { timeout: PROPERTY_TIMEOUT_MS }, () => {
    fc.assert(
      fc.property(big, positiveDen, fc.integer({ min: 0, max: 8 }), mode, (num, den, places, m) => {
        const ref = new D(num.toString())
          .div(new D(den.toString()))
          .toDecimalPlaces(places, MODES[m])
          .times(new D(10).pow(places));
        expect(roundRatio({ num, den }, places, m)).toBe(BigInt(ref.toFixed()));
      }),
      { numRuns: 300 },
    );
  });
});

describe('text round trips and decimal.js agreement', () => {
  it('parseScaled ∘ formatScaled is the same value at its smallest scale', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    fc.assert(
      fc.property(scaledArb, ({ n, s }) => {
        const text = formatScaled(n, s);
        const back = parseScaled(text);
        expect(back).not.toBeNull();
        expect(compareScaled(back!, { n, s })).toBe(0);
        // smallest scale: no trailing zero left in the fraction
        if (back!.s > 0) expect(back!.n % 10n).not.toBe(0n);
        expect(formatScaled(back!.n, back!.s)).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  it('formatScaled ∘ parseScaled gives back a canonical text', { timeout: PROPERTY_TIMEOUT_MS }, () => {
    fc.assert(
      fc.property(scaledArb, fc.integer({ min: 0, max: 4 }), ({ n, s }, pad) => {
        const fixed = formatFixed(n, s, s + pad); // with trailing zeros
        const v = parseScaled(fixed);
        expect(v).not.toBeNull();
        expect(formatScaled(v!.n, v!.s)).toBe(dec(n, s).toFixed());
      }),
      { numRuns: 300 },
    );
  });

  it('formatScaled equals decimal.js toFixed()', { timeout: PROPERTY_TIMEOUT_MS }, () => {
    fc.assert(
      fc.property(scaledArb, ({ n, s }) => {
        expect(formatScaled(n, s)).toBe(dec(n, s).toFixed());
      }),
      { numRuns: 500 },
    );
  });

  it('formatFixed equals decimal.js toFixed(places)', { timeout: PROPERTY_TIMEOUT_MS }, () => {
    fc.assert(
      fc.property(scaledArb, fc.integer({ min: 0, max: 6 }), ({ n, s }, extra) => {
        expect(formatFixed(n, s, s + extra)).toBe(dec(n, s).toFixed(s + extra));
      }),
      { numRuns: 300 },
    );
  });

  it('compareScaled agrees with decimal.js comparedTo', { timeout: PROPERTY_TIMEOUT_MS }, () => {
    const near = fc
      .tuple(scaledArb, scale)
      .map(([a, s]): [Scaled, Scaled] => [a, { n: a.n * 10n ** BigInt(s), s: a.s + s }]);
    fc.assert(
      fc.property(fc.oneof(fc.tuple(scaledArb, scaledArb), near), ([a, b]) => {
        expect(compareScaled(a, b)).toBe(dec(a.n, a.s).comparedTo(dec(b.n, b.s)));
      }),
      { numRuns: 500 },
    );
  });

  it('isMultipleOf agrees with decimal.js modulo', { timeout: PROPERTY_TIMEOUT_MS }, () => {
    fc.assert(
      fc.property(scaledArb, fc.bigInt({ min: 1n, max: 1000n }), scale, ({ n, s }, stepN, stepS) => {
        const ref = dec(n, s).mod(dec(stepN, stepS)).isZero();
        expect(isMultipleOf({ n, s }, { n: stepN, s: stepS })).toBe(ref);
      }),
      { numRuns: 300 },
    );
  });
});

describe("safe integers in Numbers (the engine's money, ADR 0007)", () => {
  const safe = fc.oneof(
    fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
    fc.bigInt({ min: -BigInt(Number.MAX_SAFE_INTEGER), max: BigInt(Number.MAX_SAFE_INTEGER) }).map(Number),
  );

  it('formatScaledNumber prints what formatScaled prints for the same integer', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    fc.assert(
      fc.property(safe, scale, (n, s) => {
        expect(formatScaledNumber(n, s)).toBe(formatScaled(BigInt(n), s));
      }),
      { numRuns: 5000 },
    );
    expect(formatScaledNumber(-5, 6)).toBe('-0.000005');
    expect(formatScaledNumber(0, 6)).toBe('0');
    expect(formatScaledNumber(12_500_000, 6)).toBe('12.5');
    // Where the whole part's division in doubles rounds up (k·10^s − 1 for large k), and the edges.
    const max = Number.MAX_SAFE_INTEGER;
    for (let s = 0; s <= 18; s++) {
      const p = 10 ** Math.min(s, 15);
      for (const n of [max, -max, max - 1, p - 1, p, p + 1, 1, -1, Math.floor(max / p) * p - 1])
        expect(formatScaledNumber(n, s)).toBe(formatScaled(BigInt(n), s));
      for (let k = 1; k < 200; k++) {
        const n = max - k * 997;
        expect(formatScaledNumber(n, s)).toBe(formatScaled(BigInt(n), s));
        const m = (Math.floor(max / p) - k) * p - 1;
        if (Number.isSafeInteger(m)) expect(formatScaledNumber(m, s)).toBe(formatScaled(BigInt(m), s));
      }
    }
  });

  it('formatScaledNumber refuses a Number that is not a safe integer', () => {
    for (const bad of [0.5, 2 ** 53, -(2 ** 53), Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => formatScaledNumber(bad, 6)).toThrow(RangeError);
  });

  it('safeNumber converts exactly up to 2^53 − 1 and refuses beyond', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    const max = BigInt(Number.MAX_SAFE_INTEGER);
    expect(safeNumber(max)).toBe(Number.MAX_SAFE_INTEGER);
    expect(safeNumber(-max)).toBe(-Number.MAX_SAFE_INTEGER);
    expect(() => safeNumber(max + 1n)).toThrow(RangeError);
    expect(() => safeNumber(-max - 1n)).toThrow(RangeError);
    fc.assert(
      fc.property(fc.bigInt({ min: -max, max }), (n) => {
        expect(BigInt(safeNumber(n))).toBe(n);
      }),
    );
  });
});
