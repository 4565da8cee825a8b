import type { FastifyBaseLogger } from 'fastify';

/**
 * Adds fields to every later line of a request's log, 'request completed' included: the request's
 * logger is a pino child that its reply shares, so it is bound in place rather than replaced by a
 * new child (which the reply would not see). A logger without `setBindings` (tests' stubs) is left.
 */
export function bindToRequestLog(log: FastifyBaseLogger, fields: Record<string, number | string>) {
  (log as FastifyBaseLogger & { setBindings?: (b: object) => void }).setBindings?.(fields);
}
