import type { z } from 'zod';

/**
 * The back office's API (DESIGN §10): not part of the public contract. Paths live under
 * `/admin-api/v1`, bodies are JSON, answers use the same `{code, msg, data}` envelope. Staff
 * sessions are their own (a trader's token is never accepted here, nor a staff token there).
 */
export const STAFF_API_PREFIX = '/admin-api/v1';

export const STAFF_ROLES = ['owner', 'finance', 'compliance', 'support', 'dealer', 'content'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** Roles that must use a TOTP second factor (the issue: required for owner and finance). */
export const ROLES_REQUIRING_TOTP: readonly StaffRole[] = ['owner', 'finance'];

export interface StaffCallContract<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  D extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST';
  /** Relative to STAFF_API_PREFIX; `:id` segments are numeric ids. */
  path: string;
  /** `public`: no session (login); `session`: any signed-in staff member, even before TOTP
   * enrolment (me, enrolment, logout); otherwise the roles allowed (owner is always allowed). */
  access: 'public' | 'session' | readonly StaffRole[];
  summary: string;
  /** Whether the call changes something (then it writes one audit entry). */
  changes: boolean;
  params?: P;
  query?: Q;
  body?: B;
  data: D;
}

export const defineStaffCall = <
  Q extends z.ZodType,
  B extends z.ZodType,
  D extends z.ZodType,
  P extends z.ZodType = z.ZodType,
>(
  c: StaffCallContract<Q, B, D, P>,
) => c;

export type StaffCallData<C> =
  C extends StaffCallContract<z.ZodType, z.ZodType, infer D> ? z.output<D> : never;
export type StaffCallQuery<C> =
  C extends StaffCallContract<infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type StaffCallBody<C> =
  C extends StaffCallContract<z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
