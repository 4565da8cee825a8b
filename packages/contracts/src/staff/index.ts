export * from './audit-vocabulary.ts';
export * from './calls.ts';
export * from './define-staff-call.ts';
