import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalDecimal,
  plainMultilineText,
  plainText,
  queryId,
  queryLots,
  queryPrice,
  queryRowId,
  ROW_ID_MAX,
} from './query-fields.ts';

/** fast-check runs hundreds of cases a test: a generous budget so a loaded 2-core CI machine passes. */
const PROPERTY_TIMEOUT_MS = 60_000;

describe('decimal query fields', () => {
  it('hand on one text per value', () => {
    expect(queryLots().parse('0.010')).toBe('0.01');
    expect(queryLots().parse('010')).toBe('10');
    expect(queryLots().parse('0.000')).toBe('0');
    expect(queryLots().parse('')).toBe('0');
    expect(queryLots().parse(undefined)).toBe('0');
    expect(queryPrice().parse(' 1.10000 ')).toBe('1.1');
    expect(queryPrice().parse('100')).toBe('100');
    expect(queryPrice().parse('0.5')).toBe('0.5');
  });

  it('take prices only as precise as a JSON number answers them back (15 significant digits)', () => {
    expect(queryPrice().parse('99999999999999.9')).toBe('99999999999999.9');
    expect(queryPrice().parse('0.0000000001')).toBe('0.0000000001');
    expect(queryPrice().parse('12345.6789012340')).toBe('12345.678901234');
    expect(queryPrice().safeParse('99999999999999.99').success).toBe(false);
    expect(queryPrice().safeParse('123456789.1234567').success).toBe(false);
    expect(queryLots().parse('123456789012.12345678')).toBe('123456789012.12345678'); // lots are texts
  });

  it('still refuse what is not a plain decimal', () => {
    for (const bad of ['-1', '1e3', '0x10', '1.', '.5', '1.2.3', '1,5', 'NaN', '1'.repeat(15)])
      expect(queryPrice().safeParse(bad).success, bad).toBe(false);
  });

  it('keep the value: the canonical text equals the input as a number, and is a fixed point', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,14}(\.\d{1,10})?$/), (text) => {
        const c = canonicalDecimal(text);
        expect(c).toMatch(/^(0|[1-9]\d*)(\.\d*[1-9])?$/);
        expect(canonicalDecimal(c)).toBe(c);
        // Same value: compare as scaled integers (no float rounding).
        const scaled = (t: string) => {
          const [i = '', f = ''] = t.split('.');
          return BigInt(i + f.padEnd(10, '0'));
        };
        expect(scaled(c)).toBe(scaled(text));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('id query fields', () => {
  it('take plain digits within the column: int4 for serial rows, a safe integer for bigint ones', () => {
    expect(queryRowId().parse(String(ROW_ID_MAX))).toBe(2_147_483_647);
    expect(queryRowId().safeParse(String(ROW_ID_MAX + 1)).success).toBe(false);
    expect(queryId().parse(String(ROW_ID_MAX + 1))).toBe(2_147_483_648);
    expect(queryId().safeParse('9007199254740992').success).toBe(false);
    for (const bad of ['0', '-1', '1e2', '0x10', ' 1', '1.0', '', '+1'])
      expect(queryRowId().safeParse(bad).success, bad).toBe(false);
  });
});

describe('typed text fields', () => {
  it('take ordinary text in any script, trimmed, within the bound', () => {
    expect(plainText(20).parse('  Alex Example ')).toBe('Alex Example');
    expect(plainText(20).parse('陳大文')).toBe('陳大文');
    expect(plainText(20).parse('محمد رضا')).toBe('محمد رضا');
    expect(plainText(3).safeParse('abcd').success).toBe(false);
  });

  it('refuse control characters and the invisible ones that make text read otherwise', () => {
    for (const hostile of [
      'a\u0000b',
      'a\tb',
      'a\nb',
      'a\u007fb',
      'a\u0085b',
      'a\u202eb',
      'a\u200bb',
      'a\u2066b',
      'a\ufeffb',
    ])
      expect(plainText(20).safeParse(hostile).success, JSON.stringify(hostile)).toBe(false);
  });

  it('let multi-line text keep its line breaks (CRLF read as LF) and nothing else', () => {
    expect(plainMultilineText(50).parse('Suite 5\r\nPort Louis\n')).toBe('Suite 5\nPort Louis');
    expect(plainMultilineText(50).safeParse('a\tb').success).toBe(false);
    expect(plainMultilineText(50).safeParse('a\u202eb').success).toBe(false);
  });
});
