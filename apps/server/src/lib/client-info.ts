import type { FastifyRequest } from 'fastify';

/** Who is calling, as a session records it: address and (truncated) user agent. */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

export const clientOf = (req: FastifyRequest): ClientInfo => ({
  ip: req.ip ?? null,
  userAgent: (req.headers['user-agent'] ?? '').slice(0, 300) || null,
});
