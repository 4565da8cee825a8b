import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';
/** `none` public; `user` needs a valid session token (else code 999); `optional` reads it when present. */
export type AuthMode = 'none' | 'user' | 'optional';

export interface CallContract<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  D extends z.ZodType = z.ZodType,
  A extends AuthMode = AuthMode,
> {
  method: HttpMethod;
  path: string;
  auth: A;
  summary: string;
  tag: string;
  /** Query string (GET/DELETE carry the spec's `t` timestamp too; it is accepted and ignored). */
  query?: Q;
  /** Form or JSON body (POST). */
  body?: B;
  data: D;
}

export const defineCall = <
  Q extends z.ZodType,
  B extends z.ZodType,
  D extends z.ZodType,
  const A extends AuthMode,
>(
  c: CallContract<Q, B, D, A>,
) => c;

export type CallData<C> = C extends CallContract<z.ZodType, z.ZodType, infer D> ? z.output<D> : never;
export type CallQuery<C> = C extends CallContract<infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type CallBody<C> = C extends CallContract<z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
