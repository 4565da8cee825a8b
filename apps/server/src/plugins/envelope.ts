import { ERROR_CODES, SUCCESS_CODE } from '@meridian/contracts';
import { translate } from '@meridian/i18n/node';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyReply {
    /** Sends `{code: 1, msg, data}`; `msgKey` picks the success message (default 'Success'). */
    ok<T>(data: T, msgKey?: string): FastifyReply;
  }
}

const isApiPath = (url: string) =>
  url.startsWith('/api/') || url.startsWith('/v1/api/') || url.startsWith('/admin-api/') || url === '/api';

/** The field a validation error names, e.g. `demo_id` from querystring path ["demo_id"]. */
function fieldOf(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const p = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
    if (p) return p;
    const missing = (first?.params as { issue?: { path?: unknown[] } } | undefined)?.issue?.path;
    if (missing?.length) return missing.join('.');
  }
  return error.validationContext ?? 'request';
}

function send(reply: FastifyReply, req: FastifyRequest, err: AppError) {
  return reply
    .status(err.httpStatus)
    .header('content-type', 'application/json; charset=utf-8')
    .send({ code: err.code, msg: translate(req.lang, err.msgKey, err.params), data: null });
}

/**
 * One error handler for the whole API (spec §8): every failure is an envelope with a localized
 * `msg`, never an HTML page or a stack; bad input is never an HTTP 5xx.
 */
export const envelope = fp(async (app: FastifyInstance) => {
  app.decorateReply('ok', function ok<T>(this: FastifyReply, data: T, msgKey = 'ok.success') {
    return this.send({ code: SUCCESS_CODE, msg: translate(this.request.lang, msgKey), data });
  });

  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof AppError) return send(reply, req, error);
    if (error.validation) {
      // A contract may name the refusal of a field (its issue's message is an error code's name).
      const named = error.validation[0]?.message;
      if (named && Object.hasOwn(ERROR_CODES, named))
        return send(reply, req, new AppError(named as keyof typeof ERROR_CODES));
      return send(reply, req, new AppError('REQUEST_INVALID_FIELD', { field: fieldOf(error) }));
    }
    if (error.code === 'FST_ERR_RATE_LIMIT_EXCEEDED' || error.statusCode === 429) {
      return send(reply, req, new AppError('REQUEST_RATE_LIMITED'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      req.log.info({ err: error.message, code: error.code }, 'malformed request');
      return send(reply, req, new AppError('REQUEST_MALFORMED'));
    }
    req.log.error({ err: error }, 'unhandled error');
    return send(reply, req, new AppError('SERVER_INTERNAL'));
  });

  app.setNotFoundHandler((req, reply) => {
    if (isApiPath(req.url) || req.method !== 'GET') return send(reply, req, new AppError('ROUTE_NOT_FOUND'));
    // Non-API GETs that are not files: the hash-routed web app handles its own paths.
    return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
  });
});

export { ERROR_CODES };
