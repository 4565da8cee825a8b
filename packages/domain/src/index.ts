export * from './candle-period.ts';
export * from './display.ts';
export * from './ledger-types.ts';
export * from './london-time.ts';
export * from './market-session.ts';
export * from './money.ts';
export * from './trading/index.ts';
export * from './wallet/withdrawal.ts';
