import { type QuotedPair, type RateSource, rateSourceFromQuotes } from '../../src/trading/conversion.ts';
import type { InstrumentTerms } from '../../src/trading/instrument-terms.ts';

// Terms as seeded in apps/server/src/market/instrument-seeds.ts (restated: the domain must not
// depend on the server).
const FOREX = {
  contractSize: '100000',
  lotStep: '0.01',
  minLots: '0.01',
  feeRate: '0.003',
  marginMode: 2,
  leverageOptions: [10, 20, 50, 100, 200, 500],
} as const;

export const EURUSD: InstrumentTerms = {
  ...FOREX,
  code: 'EURUSD',
  baseCurrency: 'EUR',
  quoteCurrency: 'USD',
  pricePrecision: 5,
};
export const USDJPY: InstrumentTerms = {
  ...FOREX,
  code: 'USDJPY',
  baseCurrency: 'USD',
  quoteCurrency: 'JPY',
  pricePrecision: 3,
};
export const EURGBP: InstrumentTerms = {
  ...FOREX,
  code: 'EURGBP',
  baseCurrency: 'EUR',
  quoteCurrency: 'GBP',
  pricePrecision: 5,
};
export const XAUUSD: InstrumentTerms = {
  code: 'XAUUSD',
  baseCurrency: 'XAU',
  quoteCurrency: 'USD',
  pricePrecision: 2,
  contractSize: '100',
  lotStep: '0.01',
  minLots: '0.01',
  feeRate: '0.003',
  marginMode: 2,
  leverageOptions: [10, 20, 50, 100, 200],
};
export const XAGUSD: InstrumentTerms = {
  code: 'XAGUSD',
  baseCurrency: 'XAG',
  quoteCurrency: 'USD',
  pricePrecision: 3,
  contractSize: '5000',
  lotStep: '0.01',
  minLots: '0.01',
  feeRate: '0.003',
  marginMode: 1,
  leverageOptions: [1],
};
export const BTCUSD: InstrumentTerms = {
  code: 'BTCUSD',
  baseCurrency: 'BTC',
  quoteCurrency: 'USD',
  pricePrecision: 2,
  contractSize: '1',
  lotStep: '0.01',
  minLots: '0.01',
  feeRate: '0.005',
  marginMode: 2,
  leverageOptions: [2, 5, 10, 20],
};

/** A rate source over a few pairs given as [base, quote, bid, ask]. */
export function ratesOf(...pairs: [string, string, string, string][]): RateSource {
  const quoted: QuotedPair[] = pairs.map(([baseCurrency, quoteCurrency, bid, ask]) => ({
    baseCurrency,
    quoteCurrency,
    bid,
    ask,
  }));
  return rateSourceFromQuotes(quoted);
}

/** No rates at all: enough for anything quoted in USD. */
export const NO_RATES: RateSource = () => null;
