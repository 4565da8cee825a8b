import websocket from '@fastify/websocket';
import { clientSocketMessage, ERROR_CODES, SUCCESS_CODE } from '@meridian/contracts';
import type { Language } from '@meridian/i18n';
import { normalizeLanguage } from '@meridian/i18n';
import { translate } from '@meridian/i18n/node';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import type { SessionEvents } from '../lib/session-events.ts';
import { resolveToken } from '../plugins/authentication.ts';
import { SocketConnection } from './socket-connection.ts';
import type { TopicHub } from './topic-hub.ts';
import { OWN_TOPICS, type UserChannels } from './user-channels.ts';

export interface GatewayDeps {
  db: Db;
  sessionEvents: SessionEvents;
  userChannels: UserChannels;
  now: () => number;
  hub: TopicHub;
  /** Whether a public market topic exists (DAY_MARKET, KLINE.<known code>). */
  isPublicTopic: (topic: string) => boolean;
}

const MAX_FRAME_BYTES = 4096;
const SERVER_PING_MS = 15_000;
/** Clients ping every 5 s (spec §9); silence for this long means the peer is gone. */
const IDLE_TIMEOUT_MS = 45_000;
const FLUSH_MS = 50;

/** Frames one socket may send in a second before it is closed (1008). */
export const MAX_FRAMES_PER_SECOND = 100;

/** `/v1/ws` (spec §7): login, logout, sub/unsub, ping/pong both ways. */
export async function registerSocketGateway(app: FastifyInstance, deps: GatewayDeps) {
  await app.register(websocket, {
    options: { maxPayload: MAX_FRAME_BYTES },
    errorHandler: (error, socket, request) => {
      // What a client causes (an oversized or malformed frame: ws's WS_ERR_* codes, a dropped
      // connection) is one line at warn, not an error with a stack: anyone can open a socket.
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (code.startsWith('WS_ERR_') || code === 'ECONNRESET' || code === 'EPIPE')
        request.log.warn({ code, reason: error.message }, 'socket closed: client protocol error');
      else request.log.error(error);
      socket.terminate();
    },
  });
  const connections = new Set<SocketConnection>();
  /** Logged-in sockets by session, so a revoked session's sockets close at once. */
  const bySession = new Map<string, Set<SocketConnection>>();
  const bind = (conn: SocketConnection, tokenHash: string | null, userId: number | null) => {
    if (conn.tokenHash) bySession.get(conn.tokenHash)?.delete(conn);
    if (conn.userId !== null) deps.userChannels.remove(conn.userId, conn);
    conn.tokenHash = tokenHash;
    conn.userId = userId;
    if (!tokenHash || userId === null) return;
    deps.userChannels.add(userId, conn);
    let set = bySession.get(tokenHash);
    if (!set) {
      set = new Set();
      bySession.set(tokenHash, set);
    }
    set.add(conn);
  };
  /**
   * Sessions revoked in the last minute: a login whose lookup was still running when its session
   * was revoked must not bind it afterwards (the revocation found no socket to close).
   */
  const recentlyRevoked = new Map<string, number>();
  const stopListening = deps.sessionEvents.onRevoked((hashes) => {
    const e = ERROR_CODES.AUTH_SESSION_INVALID;
    const now = deps.now();
    for (const [hash, at] of recentlyRevoked) if (now - at > 60_000) recentlyRevoked.delete(hash);
    for (const hash of hashes) {
      recentlyRevoked.set(hash, now);
      for (const conn of bySession.get(hash) ?? []) {
        conn.reply({ type: 'error', code: e.code, msg: translate(conn.lang, e.msgKey) });
        conn.ws.close(4401, 'session revoked');
      }
      bySession.delete(hash);
    }
  });

  const flushTimer = setInterval(() => {
    for (const c of connections) c.flushParked();
  }, FLUSH_MS);
  const pingTimer = setInterval(() => {
    const now = deps.now();
    for (const c of connections) {
      if (now - c.lastSeenMs > IDLE_TIMEOUT_MS) c.ws.terminate();
      else c.reply({ type: 'ping' });
    }
  }, SERVER_PING_MS);
  flushTimer.unref();
  pingTimer.unref();
  app.addHook('onClose', async () => {
    stopListening();
    clearInterval(flushTimer);
    clearInterval(pingTimer);
    for (const c of connections) c.ws.close(1001, 'server shutting down');
  });

  app.get('/v1/ws', { websocket: true, schema: { hide: true } }, (ws, req) => {
    const conn = new SocketConnection(ws, deps.now());
    const lang: Language = normalizeLanguage(
      (req.query as Record<string, string | undefined>).lang ?? (req.headers.lang as string | undefined),
    );
    conn.lang = lang;
    const t = (key: string) => translate(lang, key);
    connections.add(conn);

    ws.on('message', async (raw, isBinary) => {
      conn.lastSeenMs = deps.now();
      // A client sends a few frames a second (subs, pings); a flood is closed, not answered.
      // Real time, not the market's clock (tests freeze it; CLOCK_START shifts it).
      if (conn.countFrame(performance.now()) > MAX_FRAMES_PER_SECOND) {
        ws.close(1008, 'too many messages');
        return;
      }
      let parsed: unknown;
      try {
        parsed = isBinary ? undefined : JSON.parse(raw.toString());
      } catch {
        parsed = undefined;
      }
      const msg = clientSocketMessage.safeParse(parsed);
      if (!msg.success) {
        const e = ERROR_CODES.REQUEST_MALFORMED;
        conn.reply({ type: 'error', code: e.code, msg: t(e.msgKey) });
        return;
      }
      const m = msg.data;
      switch (m.type) {
        case 'ping':
          conn.reply({ type: 'pong' });
          return;
        case 'pong':
          return;
        case 'login': {
          // A new login replaces whatever this socket was (a failed one leaves it logged out), and
          // only the latest of overlapping logins may bind.
          bind(conn, null, null);
          const attempt = ++conn.loginAttempt;
          let decided!: () => void;
          const inFlight = new Promise<void>((resolve) => {
            decided = resolve;
          });
          conn.loginInFlight = inFlight;
          try {
            const startedMs = deps.now();
            const auth = await resolveToken(deps.db, m.token, new Date(startedMs));
            // The socket closed, or another login started, while the session was looked up.
            if (!connections.has(conn) || attempt !== conn.loginAttempt) return;
            const revokedAt = auth ? recentlyRevoked.get(auth.tokenHash) : undefined;
            if (!auth || (revokedAt !== undefined && revokedAt >= startedMs)) {
              const e = ERROR_CODES.AUTH_SESSION_INVALID;
              conn.reply({ type: 'login_result', code: e.code, msg: t(e.msgKey) });
              return;
            }
            bind(conn, auth.tokenHash, auth.userId);
            conn.reply({ type: 'login_result', code: SUCCESS_CODE, msg: t('ok.login_success') });
            return;
          } finally {
            if (conn.loginInFlight === inFlight) conn.loginInFlight = null;
            decided();
          }
        }
        case 'logout':
          conn.loginAttempt++; // a login still looking its session up must not bind after this
          bind(conn, null, null);
          conn.reply({ type: 'logout_result', code: SUCCESS_CODE, msg: t('ok.success') });
          return;
        case 'sub':
        case 'unsub': {
          // The user's own topics flow to a logged-in socket without a subscription (from its
          // login on, whenever it was sent); an unsub stops them on this socket, a sub resumes them.
          const isOwnTopic = OWN_TOPICS.includes(m.topic);
          // A client resubscribes right after its login (a reconnect): answer once the login is decided.
          while (isOwnTopic && conn.loginInFlight) await conn.loginInFlight;
          if (isOwnTopic) {
            if (m.type === 'sub') conn.mutedOwnTopics.delete(m.topic);
            else conn.mutedOwnTopics.add(m.topic);
            conn.reply({
              type: `${m.type}_result`,
              topic: m.topic,
              code: SUCCESS_CODE,
              msg: t('ok.success'),
            });
            return;
          }
          if (!deps.isPublicTopic(m.topic)) {
            const e = ERROR_CODES.REQUEST_INVALID_FIELD;
            conn.reply({
              type: `${m.type}_result`,
              topic: m.topic,
              code: e.code,
              msg: translate(lang, e.msgKey, { field: 'topic' }),
            });
            return;
          }
          if (m.type === 'sub') deps.hub.subscribe(m.topic, conn);
          else deps.hub.unsubscribe(m.topic, conn);
          conn.reply({ type: `${m.type}_result`, topic: m.topic, code: SUCCESS_CODE, msg: t('ok.success') });
          return;
        }
      }
    });

    const cleanup = () => {
      bind(conn, null, null);
      deps.hub.drop(conn);
      connections.delete(conn);
    };
    ws.on('close', cleanup);
    ws.on('error', cleanup);
  });

  return { connectionCount: () => connections.size };
}
