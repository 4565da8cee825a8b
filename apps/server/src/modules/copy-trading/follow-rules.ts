import { scaled } from '@meridian/domain';
import { micros } from '../../engine/account-book.ts';
import type { FollowRules } from '../../engine/trading-engine.ts';
import { AppError } from '../../lib/app-error.ts';

/** The most a fixed multiplier (or the equity ratio's factor) may scale a provider's lots. */
export const MAX_MULTIPLIER = 100;

/**
 * A follow's rules from the request's texts (already canonical decimals): a multiplier above 0 and
 * at most MAX_MULTIPLIER, lots and amounts '0' for none.
 */
export function parseRules(input: {
  status?: number | undefined;
  sizing?: number | undefined;
  multiplier?: string | undefined;
  maxLots?: string | undefined;
  stopLoss?: string | undefined;
  copyOpen?: number | undefined;
}): FollowRules {
  const rules: FollowRules = {};
  if (input.status === 1 || input.status === 2) rules.status = input.status;
  if (input.sizing === 1 || input.sizing === 2) rules.sizing = input.sizing;
  if (input.multiplier !== undefined) {
    const m = scaled(input.multiplier);
    if (m.n <= 0n || m.n > BigInt(MAX_MULTIPLIER) * 10n ** BigInt(m.s))
      throw new AppError('REQUEST_INVALID_FIELD', { field: 'multiplier' });
    rules.multiplier = m;
  }
  if (input.maxLots !== undefined) {
    const lots = scaled(input.maxLots);
    rules.maxLots = lots.n === 0n ? null : lots;
  }
  if (input.stopLoss !== undefined) rules.stopLossEquityMicros = micros(input.stopLoss);
  if (input.copyOpen !== undefined) rules.copyOpen = input.copyOpen === 1;
  return rules;
}
