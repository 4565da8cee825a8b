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

/** A positive id from a query string (plain digits, within a safe integer). */
export const queryId = () => queryInt(1, Number.MAX_SAFE_INTEGER);

/**
 * A price from a query string: plain decimal text (no sign or exponent), at most 14 digits before
 * the point and 10 after, as the price columns hold them (NUMERIC(24,10)); empty or 0 is "none".
 * A longer one used to reach the database and fail the journal's batch for every account in it.
 */
export const queryPrice = () =>
  z
    .string()
    .trim()
    .max(32)
    .regex(/^(\d{1,14}(\.\d{1,10})?)?$/)
    .default('0')
    .transform((v) => v || '0');

/** Lots from a query string: plain decimal text, at most 12 digits before the point and 8 after (NUMERIC(20,8)). */
export const queryLots = () =>
  z
    .string()
    .trim()
    .max(32)
    .regex(/^(\d{1,12}(\.\d{1,8})?)?$/)
    .default('0')
    .transform((v) => v || '0');
