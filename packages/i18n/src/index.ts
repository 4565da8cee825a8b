export * from './interpolate.ts';
export * from './languages.ts';
export * from './london-time.ts';
export * from './number-format.ts';
export * from './plural.ts';
