import { type CallContract, envelopeOf, errorEnvelope } from '@meridian/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthUser } from '../plugins/authentication.ts';
import { AppError } from './app-error.ts';

type Input<C extends CallContract> = {
  query: NonNullable<C['query']> extends z.ZodType
    ? z.output<NonNullable<C['query']>>
    : Record<string, never>;
  body: NonNullable<C['body']> extends z.ZodType ? z.output<NonNullable<C['body']>> : Record<string, never>;
};

export interface CallContext<C extends CallContract> extends Input<C> {
  req: FastifyRequest;
  /** Present for `auth: 'user'` (guaranteed) and `auth: 'optional'` (when a valid token came). */
  user: C['auth'] extends 'user' ? AuthUser : AuthUser | null;
}

/**
 * Registers one contract call: the contract's schemas validate the input at the edge, the
 * session is checked per the contract's auth mode, and the handler's result is enveloped.
 */
export function registerCall<C extends CallContract>(
  app: FastifyInstance,
  contract: C,
  handler: (ctx: CallContext<C>) => Promise<z.input<C['data']>> | z.input<C['data']>,
  opts: { msgKey?: string } = {},
) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: contract.method,
    url: contract.path,
    schema: {
      summary: contract.summary,
      tags: [contract.tag],
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      ...(contract.auth !== 'none' ? { security: [{ token: [] }] } : {}),
      // Also checks every answer against the contract before it leaves (drift is a 500, not a surprise).
      response: { 200: z.union([envelopeOf(contract.data), errorEnvelope]) },
    },
    handler: async (req, reply) => {
      const user = contract.auth === 'none' ? null : await req.authenticate();
      if (contract.auth === 'user' && !user) throw new AppError('AUTH_SESSION_INVALID');
      const data = await handler({
        req,
        user: user as CallContext<C>['user'],
        query: (req.query ?? {}) as Input<C>['query'],
        body: (req.body ?? {}) as Input<C>['body'],
      });
      return reply.ok(data, opts.msgKey);
    },
  });
}
