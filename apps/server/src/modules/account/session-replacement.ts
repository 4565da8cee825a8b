import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { SessionEvents } from '../../lib/session-events.ts';
import { hashToken, tokenFrom } from '../../lib/session-token.ts';
import { revokeSession } from './session.repository.ts';

export interface ReplacementDeps {
  db: Db;
  now: () => number;
  sessionEvents: SessionEvents;
}

/**
 * After a sign-in (password, registration, demo) that came with the device's previous token: that
 * session ends, since the device keeps only the new one. It stayed valid for its 30 days, usable by
 * anyone who had copied it. A failure here is logged and does not undo the sign-in.
 */
export async function endReplacedSession(deps: ReplacementDeps, req: FastifyRequest, newToken: string) {
  const previous = tokenFrom(req.headers.authorization);
  if (!previous || previous === newToken) return;
  try {
    const hash = hashToken(previous);
    if (await revokeSession(deps.db, hash, new Date(deps.now()))) deps.sessionEvents.replaced([hash]);
  } catch (err) {
    req.log.warn({ err }, 'the replaced session could not be ended');
  }
}
