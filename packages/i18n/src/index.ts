export * from './interpolate.ts';
export * from './languages.ts';
