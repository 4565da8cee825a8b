import { z } from 'zod';

/**
 * A whole number from a query string: plain digits only. `z.coerce.number()` took '0x1', '1e2',
 * ' 5 ' and even '' (as 0: an empty `status` placed a pending order). Callers in code may pass a
 * number.
 */
export const queryInt = (min: number, max: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .regex(/^\d{1,15}$/)
        .transform(Number),
    ])
    .pipe(z.number().int().min(min).max(max));

/** A positive id from a query string (plain digits, within a safe integer): a bigint column's id. */
export const queryId = () => queryInt(1, Number.MAX_SAFE_INTEGER);

/**
 * The largest id of a serial (int4) column. A larger one is refused at the edge like any invalid
 * field: it reached the database as a failed query (HTTP 500 and an error log line per request).
 */
export const ROW_ID_MAX = 2_147_483_647;

/** A positive id of a serial (int4) column, from a query string, a form or JSON. */
export const queryRowId = () => queryInt(1, ROW_ID_MAX);

/**
 * A user's public number (DESIGN §1 `uid`, the one staff see and search by), from a query string:
 * digits only, so a filter never matches on the internal id by mistake.
 */
export const queryUid = () =>
  z
    .string()
    .trim()
    .regex(/^\d{1,20}$/);

/** '007.2500' → '7.25', '0.000' → '0', '' → '0': one text per value (input already matched the grammar). */
export const canonicalDecimal = (v: string) => {
  const [int = '', frac = ''] = v.split('.');
  const whole = int.replace(/^0+(?=\d)/, '') || '0';
  const fraction = frac.replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
};

/**
 * Plain decimal text (no sign or exponent) within `intDigits` before the point and `fracDigits`
 * after; empty or 0 is "none". Handed on in one text per value, so '0.010' and '0.01' are the same
 * request (an Idempotency-Key's digest) and the same lots everywhere after the edge.
 */
const decimalText = (intDigits: number, fracDigits: number) =>
  z
    .string()
    .trim()
    .max(32)
    .regex(new RegExp(`^(\\d{1,${intDigits}}(\\.\\d{1,${fracDigits}})?)?$`));

export const queryDecimal = (intDigits: number, fracDigits: number) =>
  decimalText(intDigits, fracDigits).default('0').transform(canonicalDecimal);

/** As queryDecimal, but absent stays absent (a partial update leaves that field as it was). */
export const optionalDecimal = (intDigits: number, fracDigits: number) =>
  decimalText(intDigits, fracDigits).transform(canonicalDecimal).optional();

/**
 * A price from a query string, as the price columns hold it (NUMERIC(24,10)). A longer one used to
 * reach the database and fail the journal's batch for every account in it.
 */
export const queryPrice = () =>
  queryDecimal(14, 10).refine((v) => significantDigits(v) <= 15, {
    message: 'at most 15 significant digits (prices are answered as JSON numbers)',
  });

/** Digits from the first non-zero one to the last ('0.00120' → 2), of a canonical decimal text. */
const significantDigits = (canonical: string) => canonical.replace('.', '').replace(/^0+/, '').length;

/** Lots from a query string, as the quantity column holds them (NUMERIC(20,8)). */
export const queryLots = () => queryDecimal(12, 8);

/** Control characters (C0, DEL, C1) and the invisible format ones used to disguise text (bidi
 * overrides, zero-width): refused in anything a person types, so no text is stored that renders
 * other than it reads. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const HOSTILE_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;
const HOSTILE_MULTI_LINE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;

/** One line of typed text, trimmed, at most `max` characters, without control characters. */
export const plainText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => !HOSTILE_ONE_LINE.test(v), { message: 'control characters are not allowed' });

/** Typed text that may span lines (a note, an address): as plainText, line breaks allowed. */
export const plainMultilineText = (max: number) =>
  z
    .string()
    .overwrite((v) => v.replace(/\r\n?/g, '\n'))
    .trim()
    .max(max)
    .refine((v) => !HOSTILE_MULTI_LINE.test(v), { message: 'control characters are not allowed' });
