import { formatScaled, parseScaled, type Scaled } from '../exact/scaled.ts';
import { Money, scaledOf } from '../money.ts';

export type ParsedDecimal =
  | { readonly kind: 'empty' }
  | { readonly kind: 'invalid' }
  | { readonly kind: 'ok'; readonly value: Money };

/**
 * A decimal typed by a trader (a query parameter): empty, not a plain decimal, or a value. Unlike
 * `money()` a bad text is an expected answer, not an exception. A JS number is still refused with a
 * TypeError: it means a caller turned the wire text into a float, which is the bug to catch.
 */
export function parseUserDecimal(input: unknown): ParsedDecimal {
  const r = parseUserScaled(input);
  return r.kind === 'ok' ? { kind: 'ok', value: new Money(formatScaled(r.value.n, r.value.s)) } : r;
}

export type ParsedScaled =
  | { readonly kind: 'empty' }
  | { readonly kind: 'invalid' }
  | { readonly kind: 'ok'; readonly value: Scaled };

/** `parseUserDecimal` answering an exact scaled integer (the engine's form). */
export function parseUserScaled(input: unknown): ParsedScaled {
  if (input === undefined || input === null) return { kind: 'empty' };
  if (typeof input === 'number')
    throw new TypeError('a JS number is not accepted as a decimal; pass its text');
  if (typeof input !== 'string') {
    if (Money.isDecimal(input)) return { kind: 'ok', value: scaledOf(input as Money) };
    return { kind: 'invalid' };
  }
  const text = input.trim();
  if (text === '') return { kind: 'empty' };
  const value = parseScaled(text);
  return value === null ? { kind: 'invalid' } : { kind: 'ok', value };
}
