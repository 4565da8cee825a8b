/**
 * Expected refusals (an order the rules reject, a currency without a rate) are values, not
 * exceptions: the engine maps them to the client's `msg` and the caller must look at them.
 * Exceptions are kept for programming errors (a JS float passed as money, a malformed term).
 */
export type TradingResult<T, E> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E };

export const tradingOk = <T>(value: T): TradingResult<T, never> => ({ ok: true, value });
export const tradingErr = <E>(error: E): TradingResult<never, E> => ({ ok: false, error });
