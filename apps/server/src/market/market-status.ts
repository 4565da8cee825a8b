/** An instrument's MarketStatus (spec §3): whether its market is open now. */
export const MARKET_STATUS = { CLOSED: 0, OPEN: 1 } as const;
export type MarketStatus = (typeof MARKET_STATUS)[keyof typeof MARKET_STATUS];
