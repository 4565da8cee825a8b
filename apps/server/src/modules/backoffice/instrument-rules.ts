import { type LotLimits, lotLimitProblems, maxSpreadPoints } from '@meridian/domain';
import { AppError } from '../../lib/app-error.ts';

/** The fields checked together as one instrument's lot limits. */
export const LOT_LIMIT_KEYS = ['lotStep', 'minLots', 'maxLotsPerOrder', 'maxOpenLots'] as const;

/** An instrument whose lot limits contradict each other is refused, naming the first such field. */
export function refuseContradictoryLimits(limits: LotLimits) {
  const [field] = lotLimitProblems(limits);
  if (field) throw new AppError('REQUEST_INVALID_FIELD', { field });
}

/**
 * A spread wider than 1 % of the price is refused, naming the most points allowed: one mistyped
 * digit (5000 for 50) would otherwise close traders' stops and stop out accounts at a price no
 * market made, on the very next quote.
 */
export function refuseWideSpread(terms: { spreadPoints: number; pricePrecision: number }, price: number) {
  const max = maxSpreadPoints(price, terms.pricePrecision);
  if (terms.spreadPoints > max) throw new AppError('STAFF_SPREAD_TOO_WIDE', { max });
}
