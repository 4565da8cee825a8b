export * from './audit-vocabulary.ts';
export * from './calls.ts';
export * from './content-calls.ts';
export * from './copy-calls.ts';
export * from './define-staff-call.ts';
export * from './real-name-calls.ts';
