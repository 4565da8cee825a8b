// Pure trading rules (DESIGN §3/§4, spec §5/§9), shared by the engine and the client's previews.
export * from './account-figures.ts';
export * from './conversion.ts';
export * from './fee.ts';
export * from './instrument-terms.ts';
export * from './margin.ts';
export * from './order-rules.ts';
export * from './order-rules-fast.ts';
export * from './pending-orders.ts';
export * from './profit.ts';
export * from './quote.ts';
export * from './result.ts';
export * from './rounding.ts';
export * from './side.ts';
export * from './stops.ts';
export * from './user-input.ts';
