import type { InstrumentSeed } from './types.ts';

/**
 * The ~40 instruments seeded at first start (DESIGN §5). Terms follow common retail CFD practice:
 * - precision: forex 5 digits (JPY pairs 3), gold 2, silver 3, indices 1 or 0, stocks 2.
 * - contractSize (ForexContNum, units per lot): forex 100 000, gold 100 oz, silver 5 000 oz,
 *   platinum 50 oz, oil 1 000 bbl, gas 10 000 MMBtu, indices/crypto/stocks 1 (XRP and DOGE 1 000).
 * - spreadPoints: in points of the last decimal (EURUSD 12 points = 1.2 pips).
 * - feeRate: read as a fraction of margin (trade_fee_type ≠ 1, spec §9): a small number keeps either
 *   fee type harmless until staff set real rates.
 * - marginMode 1 (fixed, margin = lots × contractSize in the quote currency) is used where that gives a
 *   sensible margin: silver (5 000 USD a lot ≈ 1:50), natural gas (10 000 USD ≈ 1:4) and XRP
 *   (1 000 USD per 1 000 XRP ≈ 1:2.5). Their one leverage option only lets an order be placed
 *   (an instrument without options refuses orders: no_mult_config); it does not enter the margin.
 * - referencePrice: plausible late-2026 levels; crosses agree with the majors.
 * - annualVolatility: typical realised volatility; spread over trading hours by the simulation.
 * - Sessions: indices and stocks in their exchange hours; GER40 uses eu_equity (08:00-16:30 London is
 *   Xetra's 09:00-17:30 Berlin, both switch daylight saving together); HK50 overrides the zone.
 */

type Terms = Pick<
  InstrumentSeed,
  'lotStep' | 'minLots' | 'feeRate' | 'marginMode' | 'leverageOptions' | 'session' | 'category'
>;

const FOREX: Terms = {
  category: 'forex',
  lotStep: '0.01',
  minLots: '0.01',
  feeRate: '0.003',
  marginMode: 2,
  leverageOptions: [10, 20, 50, 100, 200, 500],
  session: 'forex',
};

const METALS: Terms = {
  category: 'metals',
  lotStep: '0.01',
  minLots: '0.01',
  feeRate: '0.003',
  marginMode: 2,
  leverageOptions: [10, 20, 50, 100, 200],
  session: 'metals',
};

const ENERGY: Terms = {
  category: 'energy',
  lotStep: '0.01',
  minLots: '0.01',
  feeRate: '0.003',
  marginMode: 2,
  leverageOptions: [10, 20, 50, 100],
  session: 'energy',
};

const INDEX_US: Terms = {
  category: 'indices',
  lotStep: '0.01',
  minLots: '0.01',
  feeRate: '0.002',
  marginMode: 2,
  leverageOptions: [10, 20, 50, 100],
  session: 'us_equity',
};

const CRYPTO: Terms = {
  category: 'crypto',
  lotStep: '0.01',
  minLots: '0.01',
  feeRate: '0.005',
  marginMode: 2,
  leverageOptions: [2, 5, 10, 20],
  session: 'crypto',
};

const STOCK: Terms = {
  category: 'stocks',
  lotStep: '0.01',
  minLots: '0.01',
  feeRate: '0.002',
  marginMode: 2,
  leverageOptions: [2, 5, 10, 20],
  session: 'us_equity',
};

function fx(
  base: string,
  quote: string,
  referencePrice: number,
  spreadPoints: number,
  annualVolatility: number,
  tickIntervalMs: number,
): InstrumentSeed {
  return {
    ...FOREX,
    code: `${base}${quote}`,
    showCode: `${base}/${quote}`,
    baseCurrency: base,
    quoteCurrency: quote,
    pricePrecision: quote === 'JPY' ? 3 : 5,
    contractSize: '100000',
    spreadPoints,
    referencePrice,
    annualVolatility,
    tickIntervalMs,
  };
}

function stock(code: string, referencePrice: number, annualVolatility: number): InstrumentSeed {
  return {
    ...STOCK,
    code,
    showCode: code,
    baseCurrency: code,
    quoteCurrency: 'USD',
    pricePrecision: 2,
    contractSize: '1',
    spreadPoints: Math.max(4, Math.round(referencePrice / 50)), // about 2 basis points
    referencePrice,
    annualVolatility,
    tickIntervalMs: 800,
  };
}

export const INSTRUMENT_SEEDS: readonly InstrumentSeed[] = [
  // Forex: majors tick fastest and quote tightest.
  fx('EUR', 'USD', 1.165, 12, 0.075, 400),
  fx('GBP', 'USD', 1.34, 16, 0.085, 450),
  fx('USD', 'JPY', 152.5, 14, 0.1, 450),
  fx('AUD', 'USD', 0.665, 14, 0.095, 600),
  fx('USD', 'CAD', 1.385, 18, 0.065, 600),
  fx('USD', 'CHF', 0.795, 16, 0.08, 600),
  fx('NZD', 'USD', 0.585, 20, 0.1, 700),
  fx('EUR', 'GBP', 0.8694, 16, 0.06, 700),
  fx('EUR', 'JPY', 177.66, 20, 0.1, 600),
  fx('GBP', 'JPY', 204.35, 30, 0.11, 600),
  fx('EUR', 'CHF', 0.9262, 22, 0.06, 800),
  fx('AUD', 'JPY', 101.41, 22, 0.13, 800),
  fx('EUR', 'AUD', 1.7519, 28, 0.085, 900),
  fx('GBP', 'CHF', 1.0653, 32, 0.085, 900),
  // Also the rate that converts HK50's HKD margin and profit to USD (a pegged, quiet pair).
  fx('USD', 'HKD', 7.7785, 25, 0.025, 1200),

  // Metals
  {
    ...METALS,
    code: 'XAUUSD',
    showCode: 'XAU/USD',
    baseCurrency: 'XAU',
    quoteCurrency: 'USD',
    pricePrecision: 2,
    contractSize: '100',
    spreadPoints: 30,
    referencePrice: 4150,
    annualVolatility: 0.18,
    tickIntervalMs: 400,
  },
  {
    ...METALS,
    code: 'XAGUSD',
    showCode: 'XAG/USD',
    baseCurrency: 'XAG',
    quoteCurrency: 'USD',
    pricePrecision: 3,
    contractSize: '5000',
    marginMode: 1,
    leverageOptions: [1],
    spreadPoints: 30,
    referencePrice: 52.5,
    annualVolatility: 0.3,
    tickIntervalMs: 600,
  },
  {
    ...METALS,
    code: 'XPTUSD',
    showCode: 'XPT/USD',
    baseCurrency: 'XPT',
    quoteCurrency: 'USD',
    pricePrecision: 2,
    contractSize: '50',
    spreadPoints: 250,
    referencePrice: 1580,
    annualVolatility: 0.28,
    tickIntervalMs: 1000,
  },

  // Energy
  {
    ...ENERGY,
    code: 'USOIL',
    showCode: 'USOIL',
    baseCurrency: 'WTI',
    quoteCurrency: 'USD',
    pricePrecision: 2,
    contractSize: '1000',
    spreadPoints: 3,
    referencePrice: 62.5,
    annualVolatility: 0.35,
    tickIntervalMs: 500,
  },
  {
    ...ENERGY,
    code: 'UKOIL',
    showCode: 'UKOIL',
    baseCurrency: 'BRENT',
    quoteCurrency: 'USD',
    pricePrecision: 2,
    contractSize: '1000',
    spreadPoints: 4,
    referencePrice: 66.2,
    annualVolatility: 0.33,
    tickIntervalMs: 600,
  },
  {
    ...ENERGY,
    code: 'NGAS',
    showCode: 'NGAS',
    baseCurrency: 'NGAS',
    quoteCurrency: 'USD',
    pricePrecision: 3,
    contractSize: '10000',
    marginMode: 1,
    leverageOptions: [1],
    spreadPoints: 8,
    referencePrice: 3.85,
    annualVolatility: 0.65,
    tickIntervalMs: 800,
  },

  // Indices (contract size 1: one lot is one index point in the index currency)
  {
    ...INDEX_US,
    code: 'US30',
    showCode: 'US30',
    baseCurrency: 'US30',
    quoteCurrency: 'USD',
    pricePrecision: 1,
    contractSize: '1',
    spreadPoints: 20,
    referencePrice: 47_500,
    annualVolatility: 0.15,
    tickIntervalMs: 500,
  },
  {
    ...INDEX_US,
    code: 'US500',
    showCode: 'US500',
    baseCurrency: 'US500',
    quoteCurrency: 'USD',
    pricePrecision: 2,
    contractSize: '1',
    spreadPoints: 50,
    referencePrice: 6850,
    annualVolatility: 0.16,
    tickIntervalMs: 400,
  },
  {
    ...INDEX_US,
    code: 'NAS100',
    showCode: 'NAS100',
    baseCurrency: 'NAS100',
    quoteCurrency: 'USD',
    pricePrecision: 1,
    contractSize: '1',
    spreadPoints: 15,
    referencePrice: 25_400,
    annualVolatility: 0.21,
    tickIntervalMs: 400,
  },
  {
    ...INDEX_US,
    code: 'UK100',
    showCode: 'UK100',
    baseCurrency: 'UK100',
    quoteCurrency: 'GBP',
    pricePrecision: 1,
    contractSize: '1',
    spreadPoints: 10,
    session: 'eu_equity',
    referencePrice: 9700,
    annualVolatility: 0.13,
    tickIntervalMs: 600,
  },
  {
    ...INDEX_US,
    code: 'GER40',
    showCode: 'GER40',
    baseCurrency: 'GER40',
    quoteCurrency: 'EUR',
    pricePrecision: 1,
    contractSize: '1',
    spreadPoints: 15,
    session: 'eu_equity',
    referencePrice: 24_300,
    annualVolatility: 0.17,
    tickIntervalMs: 500,
  },
  {
    ...INDEX_US,
    code: 'JP225',
    showCode: 'JP225',
    baseCurrency: 'JP225',
    quoteCurrency: 'JPY',
    pricePrecision: 0,
    contractSize: '1',
    spreadPoints: 10,
    session: 'asia_equity',
    referencePrice: 49_000,
    annualVolatility: 0.22,
    tickIntervalMs: 600,
  },
  {
    ...INDEX_US,
    code: 'HK50',
    showCode: 'HK50',
    baseCurrency: 'HK50',
    quoteCurrency: 'HKD',
    pricePrecision: 0,
    contractSize: '1',
    spreadPoints: 8,
    session: 'asia_equity',
    sessionZone: 'Asia/Hong_Kong',
    referencePrice: 26_000,
    annualVolatility: 0.24,
    tickIntervalMs: 700,
  },

  // Crypto (always open)
  {
    ...CRYPTO,
    code: 'BTCUSD',
    showCode: 'BTC/USD',
    baseCurrency: 'BTC',
    quoteCurrency: 'USD',
    pricePrecision: 2,
    contractSize: '1',
    spreadPoints: 3000,
    referencePrice: 105_000,
    annualVolatility: 0.55,
    tickIntervalMs: 300,
  },
  {
    ...CRYPTO,
    code: 'ETHUSD',
    showCode: 'ETH/USD',
    baseCurrency: 'ETH',
    quoteCurrency: 'USD',
    pricePrecision: 2,
    contractSize: '1',
    spreadPoints: 250,
    referencePrice: 3800,
    annualVolatility: 0.7,
    tickIntervalMs: 300,
  },
  {
    ...CRYPTO,
    code: 'SOLUSD',
    showCode: 'SOL/USD',
    baseCurrency: 'SOL',
    quoteCurrency: 'USD',
    pricePrecision: 3,
    contractSize: '1',
    spreadPoints: 150,
    referencePrice: 185,
    annualVolatility: 0.9,
    tickIntervalMs: 500,
  },
  {
    ...CRYPTO,
    code: 'XRPUSD',
    showCode: 'XRP/USD',
    baseCurrency: 'XRP',
    quoteCurrency: 'USD',
    pricePrecision: 4,
    contractSize: '1000',
    marginMode: 1,
    leverageOptions: [1],
    spreadPoints: 20,
    referencePrice: 2.45,
    annualVolatility: 0.9,
    tickIntervalMs: 500,
  },
  {
    ...CRYPTO,
    code: 'LTCUSD',
    showCode: 'LTC/USD',
    baseCurrency: 'LTC',
    quoteCurrency: 'USD',
    pricePrecision: 2,
    contractSize: '1',
    spreadPoints: 15,
    referencePrice: 98,
    annualVolatility: 0.8,
    tickIntervalMs: 700,
  },
  {
    ...CRYPTO,
    code: 'BNBUSD',
    showCode: 'BNB/USD',
    baseCurrency: 'BNB',
    quoteCurrency: 'USD',
    pricePrecision: 2,
    contractSize: '1',
    spreadPoints: 120,
    referencePrice: 1050,
    annualVolatility: 0.6,
    tickIntervalMs: 700,
  },
  {
    ...CRYPTO,
    code: 'DOGEUSD',
    showCode: 'DOGE/USD',
    baseCurrency: 'DOGE',
    quoteCurrency: 'USD',
    pricePrecision: 5,
    contractSize: '1000',
    spreadPoints: 30,
    referencePrice: 0.18,
    annualVolatility: 1,
    tickIntervalMs: 800,
  },

  // Stocks (US exchange hours)
  stock('AAPL', 265, 0.28),
  stock('MSFT', 510, 0.25),
  stock('NVDA', 190, 0.5),
  stock('AMZN', 235, 0.33),
  stock('GOOGL', 285, 0.3),
  stock('META', 720, 0.38),
  stock('TSLA', 430, 0.6),
];
