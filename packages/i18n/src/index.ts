export * from './interpolate.ts';
export * from './languages.ts';
export * from './plural.ts';
