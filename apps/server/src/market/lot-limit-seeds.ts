import type { InstrumentSeed } from './types.ts';

/**
 * The lot limits an instrument is seeded with (DESIGN §4: per instrument, with sane defaults; staff
 * change them in the back office). One number of lots means very different money across
 * instruments (50 lots is ~$5.8M of EURUSD, $13k of a $260 share, $16k of JP225), so outside forex
 * the per-order limit is sized by notional: the round number of lots (1, 2 or 5 × 10^k, nearest on
 * a log scale) closest to ORDER_NOTIONAL_USD at the reference price; an account may hold
 * OPEN_MULTIPLE such orders per instrument. Forex keeps the market's usual 50 lots per order (200
 * open) whatever the pair's price, which is what traders coming from other platforms expect.
 */
export const ORDER_NOTIONAL_USD = 5_000_000;
export const OPEN_MULTIPLE = 4;
const FOREX_LIMITS = { maxLotsPerOrder: '50', maxOpenLots: '200' } as const;

/** The 1-2-5 number nearest to x on a log scale (x > 0). */
export function roundLots(x: number): number {
  const decade = 10 ** Math.floor(Math.log10(x));
  let best = decade;
  for (const m of [1, 2, 5, 10])
    if (Math.abs(Math.log(x / (m * decade))) < Math.abs(Math.log(x / best))) best = m * decade;
  return best;
}

/** USD for one unit of a currency, from the seeded pairs' reference prices (USD itself 1). */
export function usdRates(seeds: readonly InstrumentSeed[]): (currency: string) => number {
  return (currency) => {
    if (currency === 'USD') return 1;
    const direct = seeds.find((s) => s.baseCurrency === currency && s.quoteCurrency === 'USD');
    if (direct) return direct.referencePrice;
    const inverse = seeds.find((s) => s.baseCurrency === 'USD' && s.quoteCurrency === currency);
    if (inverse) return 1 / inverse.referencePrice;
    throw new Error(`no seeded rate converts ${currency} to USD`);
  };
}

export function seededLotLimits(
  seed: InstrumentSeed,
  usdPer: (currency: string) => number,
): { maxLotsPerOrder: string; maxOpenLots: string } {
  if (seed.category === 'forex') return FOREX_LIMITS;
  const lotUsd = Number(seed.contractSize) * seed.referencePrice * usdPer(seed.quoteCurrency);
  const perOrder = roundLots(ORDER_NOTIONAL_USD / lotUsd);
  return { maxLotsPerOrder: String(perOrder), maxOpenLots: String(perOrder * OPEN_MULTIPLE) };
}
