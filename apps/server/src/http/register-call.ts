import { type CallContract, envelopeOf, errorEnvelope } from '@meridian/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import type { AuthUser } from '../lib/auth-user.ts';
import { answerOnce, idempotencyKeyOf, requestDigest } from './idempotency.ts';

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
  opts: {
    msgKey?: string;
    /** Honour an `Idempotency-Key` header (DESIGN §4): a repeat gets the first answer back. */
    idempotentIn?: Db;
    /**
     * Refuses a caller past its rate before anything else (and before its key is claimed, so a
     * retry of a throttled request is not answered 'too many requests' for a day).
     */
    throttle?: (userId: number) => void;
  } = {},
) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: contract.method,
    url: contract.path,
    // The spec's calls are GETs that act (submit, close, reset…): Fastify's automatic HEAD route
    // would run them too and throw the answer away (a proxy or a link checker could trade).
    exposeHeadRoute: false,
    schema: {
      summary: contract.summary,
      tags: [contract.tag],
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      ...(contract.auth !== 'none' ? { security: [{ token: [] }] } : {}),
      // Also checks every answer against the contract before it leaves (drift is a 500, not a surprise).
      response: { 200: z.union([envelopeOf(contract.data), errorEnvelope]) },
    },
    // Who is asking comes before what they ask: a call that needs a session refuses a missing or
    // invalid one (999) before its input is checked.
    ...(contract.auth === 'user'
      ? {
          preValidation: async (req: FastifyRequest) => {
            if (!(await req.authenticate())) throw new AppError('AUTH_SESSION_INVALID');
          },
        }
      : {}),
    handler: async (req, reply) => {
      const user = contract.auth === 'none' ? null : await req.authenticate();
      if (contract.auth === 'user' && !user) throw new AppError('AUTH_SESSION_INVALID');
      if (opts.throttle && user) opts.throttle(user.userId);
      const run = () =>
        handler({
          req,
          user: user as CallContext<C>['user'],
          query: (req.query ?? {}) as Input<C>['query'],
          body: (req.body ?? {}) as Input<C>['body'],
        });
      const sent = opts.idempotentIn && user ? idempotencyKeyOf(req) : null;
      if (!sent || !user || !opts.idempotentIn) return reply.ok(await run(), opts.msgKey);
      const answer = await answerOnce(
        opts.idempotentIn,
        {
          ownerId: user.userId,
          sentKey: sent,
          route: contract.path,
          // What the contract reads, parsed: a call with no query schema ignores the query (the web's
          // cache-busting `t`), so its retries digest the same.
          digest: requestDigest({
            query: contract.query ? (req.query ?? {}) : {},
            body: contract.body ? (req.body ?? {}) : {},
          }),
          lang: req.lang,
          msgKey: opts.msgKey ?? 'ok.success',
        },
        run,
      );
      return reply.send(answer as { code: number; msg: string; data: null });
    },
  });
}
