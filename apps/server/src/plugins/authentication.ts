import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { findLiveSession } from '../modules/account/session.repository.ts';
import { hashToken } from '../modules/account/session-token.ts';

export interface AuthUser {
  userId: number;
  sessionId: number;
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Resolves the `authorization` header to a live session once per request; null when absent or invalid. */
    authenticate(): Promise<AuthUser | null>;
  }
}

/** The token arrives as the bare value (spec §7) or as `Bearer <token>`. */
export function tokenFrom(header: string | string[] | undefined): string | null {
  const raw = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!raw) return null;
  const token = raw.toLowerCase().startsWith('bearer ') ? raw.slice(7).trim() : raw;
  return token.length >= 16 && token.length <= 200 ? token : null;
}

export async function resolveToken(db: Db, token: string | null, now: Date): Promise<AuthUser | null> {
  if (!token) return null;
  const tokenHash = hashToken(token);
  const session = await findLiveSession(db, tokenHash, now);
  return session ? { userId: session.userId, sessionId: session.id, tokenHash } : null;
}

export const authentication = fp(async (app: FastifyInstance, opts: { db: Db; now: () => number }) => {
  const cache = new WeakMap<object, Promise<AuthUser | null>>();
  app.decorateRequest('authenticate', function authenticate(this: import('fastify').FastifyRequest) {
    let p = cache.get(this);
    if (!p) {
      p = resolveToken(opts.db, tokenFrom(this.headers.authorization), new Date(opts.now()));
      cache.set(this, p);
    }
    return p;
  });
});
