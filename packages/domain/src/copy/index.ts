// Copy trading's pure rules: how big a copy is, how a provider's record is measured, and the
// provider's performance fee.
export * from './copy-sizing.ts';
export * from './performance.ts';
export * from './performance-fee.ts';
