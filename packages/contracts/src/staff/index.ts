export * from './calls.ts';
export * from './define-staff-call.ts';
