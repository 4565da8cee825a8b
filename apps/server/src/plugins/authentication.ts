import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import type { AuthUser } from '../lib/auth-user.ts';
import { bindToRequestLog } from '../lib/log-bindings.ts';
import type { SessionEvents } from '../lib/session-events.ts';
import { hashToken, tokenFrom } from '../lib/session-token.ts';
import { findLiveSession } from '../modules/account/session.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Resolves the `authorization` header to a live session once per request; null when absent or invalid. */
    authenticate(): Promise<AuthUser | null>;
  }
}

export async function resolveToken(db: Db, token: string | null, now: Date): Promise<AuthUser | null> {
  return (await resolveSession(db, token, now))?.user ?? null;
}

async function resolveSession(db: Db, token: string | null, now: Date) {
  if (!token) return null;
  const tokenHash = hashToken(token);
  const session = await findLiveSession(db, tokenHash, now);
  return session
    ? {
        user: { userId: session.userId, sessionId: session.id, tokenHash },
        expiresAtMs: session.expiresAt.getTime(),
      }
    : null;
}

const CACHE_TTL_MS = 10_000;
const CACHE_MAX = 100_000;

/**
 * Live sessions seen in the last ten seconds, so a busy client's calls do not each read the
 * sessions table. A revocation in this process (logout, password change or reset) removes the entry
 * at once through SessionEvents; the TTL bounds how long any other revocation could go unseen.
 * Only live sessions are cached: an unknown token always asks the database.
 */
export class SessionCache {
  private readonly entries = new Map<string, { user: AuthUser; until: number; expiresAtMs: number }>();

  constructor(events: SessionEvents) {
    events.onEnded((hashes) => {
      for (const h of hashes) this.entries.delete(h);
    });
  }

  /** `wallMs` ages the entry; `productMs` (the product's clock) checks the session's own expiry. */
  get(tokenHash: string, wallMs: number, productMs: number): AuthUser | null {
    const e = this.entries.get(tokenHash);
    if (!e) return null;
    if (e.until <= wallMs || e.expiresAtMs <= productMs) {
      this.entries.delete(tokenHash);
      return null;
    }
    return e.user;
  }

  put(user: AuthUser, expiresAtMs: number, wallMs: number) {
    if (this.entries.size >= CACHE_MAX) this.entries.clear();
    this.entries.set(user.tokenHash, { user, until: wallMs + CACHE_TTL_MS, expiresAtMs });
  }
}

export const authentication = fp(
  async (app: FastifyInstance, opts: { db: Db; now: () => number; sessionEvents: SessionEvents }) => {
    const perRequest = new WeakMap<object, Promise<AuthUser | null>>();
    const sessions = new SessionCache(opts.sessionEvents);
    const resolve = async (token: string | null): Promise<AuthUser | null> => {
      if (!token) return null;
      // Wall time for the TTL: the product clock may be shifted, the cache's freshness is not.
      const wall = Date.now();
      const now = opts.now();
      const cached = sessions.get(hashToken(token), wall, now);
      if (cached) return cached;
      const found = await resolveSession(opts.db, token, new Date(now));
      if (found) sessions.put(found.user, found.expiresAtMs, wall);
      return found?.user ?? null;
    };
    app.decorateRequest('authenticate', function authenticate(this: import('fastify').FastifyRequest) {
      let p = perRequest.get(this);
      if (!p) {
        const log = this.log;
        p = resolve(tokenFrom(this.headers.authorization)).then((user) => {
          // The request's log lines ('request completed' too) say whose request it was.
          if (user) bindToRequestLog(log, { userId: user.userId });
          return user;
        });
        perRequest.set(this, p);
      }
      return p;
    });
  },
);
