export * from './display.ts';
export * from './money.ts';
