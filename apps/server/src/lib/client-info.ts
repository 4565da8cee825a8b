import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from '../modules/account/account.service.ts';

/** Who is calling, as a session records it: address and (truncated) user agent. */
export const clientOf = (req: FastifyRequest): ClientInfo => ({
  ip: req.ip ?? null,
  userAgent: (req.headers['user-agent'] ?? '').slice(0, 300) || null,
});
