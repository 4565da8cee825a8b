export * from './server-messages.ts';
