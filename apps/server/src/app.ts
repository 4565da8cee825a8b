import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { TradingEngine } from './engine/trading-engine.ts';
import { AppError } from './lib/app-error.ts';
import { logSerializers, requestForLog } from './lib/log-serializers.ts';
import type { SecretBox } from './lib/secret-box.ts';
import type { SessionEvents } from './lib/session-events.ts';
import { within } from './lib/within.ts';
import type { LiveMarket } from './market/live-market.ts';
import type { MarketRuntime } from './market/market-runtime.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { type CodeMessage, HttpSmsSender, OutboxSender, SmtpSender } from './modules/auth/code-sender.ts';
import { registerBackofficeRoutes } from './modules/backoffice/backoffice.routes.ts';
import { companyRoutes } from './modules/company/company.routes.ts';
import { copyTradingRoutes } from './modules/copy-trading/copy-trading.routes.ts';
import { marketRoutes } from './modules/market/market.routes.ts';
import { newsRoutes } from './modules/news/news.routes.ts';
import { realNameRoutes } from './modules/real-name/real-name.routes.ts';
import type { LiveSettings } from './modules/settings/live-settings.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { readSetting } from './modules/settings/settings.service.ts';
import { registerStaffRoutes } from './modules/staff/staff.routes.ts';
import { tradingRoutes } from './modules/trading/trading.routes.ts';
import type { TradingService } from './modules/trading/trading.service.ts';
import { walletRoutes } from './modules/wallet/wallet.routes.ts';
import { walletReviewRoutes } from './modules/wallet/wallet-review.routes.ts';
import { authentication } from './plugins/authentication.ts';
import { answerClientError } from './plugins/client-error.ts';
import { registerCrossOrigin } from './plugins/cross-origin.ts';
import { envelope } from './plugins/envelope.ts';
import { registerInstrumentLogos } from './plugins/instrument-logos.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { requestLanguage } from './plugins/request-language.ts';
import { registerAdminApp, registerWebApp } from './plugins/web-app.ts';
import { writeSeedImages } from './seed.ts';
import { registerSocketGateway } from './ws/socket-gateway.ts';
import type { TopicHub } from './ws/topic-hub.ts';
import type { UserChannels } from './ws/user-channels.ts';

/** How long `/readyz` waits for the database's answer before saying it is not ready. */
const READY_DB_WAIT_MS = 2_000;
export interface AppDeps {
  config: Config;
  /** Seals the secrets the server stores and reads back (staff TOTP seeds). */
  secrets: SecretBox;
  db: Db;
  now: () => number;
  market: MarketRuntime & Pick<LiveMarket, 'applyInstrument' | 'addInstrument' | 'applyCategory'>;
  engine: TradingEngine;
  settings: LiveSettings;
  hub: TopicHub;
  sessionEvents: SessionEvents;
  userChannels: UserChannels;
  trading: TradingService;
  logger?: boolean | object;
  /** Each code the outbox keeps (no SMTP_URL / SMS_URL): `npm start` prints it for the operator. */
  onOutboxCode?: (m: CodeMessage) => void;
}

/**
 * Builds the HTTP + socket server. Plugins go in a fixed order (fastify/demo): external, then the
 * app's own (language, session, envelope), then routes; the web app's static files come last.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? {
      level: deps.config.LOG_LEVEL,
      serializers: { ...logSerializers, req: requestForLog },
    },
    bodyLimit: 1024 * 1024,
    // GET/DELETE carry `t` and repeat-safe; treat `/api/x/` like `/api/x`.
    routerOptions: { ignoreTrailingSlash: true },
    clientErrorHandler: answerClientError,
    // Requests that arrive while closing get the envelope (below), not Fastify's own 503 body.
    return503OnClosing: false,
    // `req.ip` is the client's address behind the proxies TRUST_PROXY names (README), else the peer's.
    trustProxy: deps.config.TRUST_PROXY,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(compress, { global: true, threshold: 1024 });
  await registerCrossOrigin(app, deps.config.CORS_ORIGINS);
  await app.register(formbody);
  // Uploads are read one file at a time, capped again per call (DESIGN §8).
  await app.register(multipart, { limits: { files: 1, fields: 10, fileSize: 5 * 1024 * 1024 + 1 } });
  await app.register(requestLanguage);
  await app.register(authentication, { db: deps.db, now: deps.now, sessionEvents: deps.sessionEvents });
  await app.register(envelope);
  // Shutting down (SIGTERM, a deploy): requests still arriving on open connections are refused with
  // nothing done, in the envelope and the trader's language; the ones already running finish.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async () => {
    if (closing) throw new AppError('SERVER_STOPPING');
  });
  await registerOpenApi(app);

  // Probes are polled every few seconds: no request log lines for them (warnings still come).
  app.get('/healthz', { schema: { hide: true }, logLevel: 'warn' }, async () => ({ status: 'ok' }));
  /**
   * Readiness for a load balancer: the process lives (`/healthz`) but orders can only be taken when
   * the database answers and the engine is not rebuilding after a failed commit. 503 otherwise, so
   * traffic goes elsewhere while a database freeze lasts (it answered 200 through one).
   */
  app.get('/readyz', { schema: { hide: true }, logLevel: 'warn' }, async (_req, reply) => {
    const answered = await within(
      deps.db.execute(sql`select 1`).then(
        () => true,
        () => false,
      ),
      READY_DB_WAIT_MS,
    );
    const reason = answered !== true ? 'database' : deps.engine.isRecovering ? 'engine_recovering' : null;
    if (reason) return reply.code(503).send({ status: 'not_ready', reason });
    return { status: 'ready' };
  });

  const accountDeps = {
    db: deps.db,
    now: deps.now,
    sessionTtlDays: deps.config.SESSION_TTL_DAYS,
    demoStartBalance: () => readSetting(deps.db, 'demo_start_balance'),
  };
  accountRoutes(app, { ...accountDeps, sessionEvents: deps.sessionEvents });
  const outbox = new OutboxSender(app.log, deps.onOutboxCode);
  const mail = deps.config.SMTP_URL
    ? new SmtpSender(deps.config.SMTP_URL, deps.config.MAIL_FROM, outbox, app.log)
    : outbox;
  const sender = deps.config.SMS_URL ? new HttpSmsSender(deps.config.SMS_URL, mail, app.log) : mail;
  const auth = await createAuthService({
    ...accountDeps,
    sender,
    sessionEvents: deps.sessionEvents,
    log: app.log,
  });
  // Codes being delivered after their answer (password resets) go before the database closes.
  app.addHook('onClose', async () => auth.settled());
  authRoutes(app, auth, deps.db, deps.now, deps.sessionEvents);
  settingsRoutes(app, deps.db);
  marketRoutes(app, deps.market);
  tradingRoutes(app, deps.trading, deps.db, deps.now);
  registerInstrumentLogos(app);
  // Public uploads (instrument logos): random names, served as stored, never sniffed or run.
  const uploadsRoot =
    deps.config.DATA_DIR === 'memory://'
      ? mkdtempSync(path.join(tmpdir(), 'meridian-uploads-'))
      : path.join(deps.config.dataDir, 'uploads');
  const publicUploadDir = path.join(uploadsRoot, 'public');
  const privateUploadDir = path.join(uploadsRoot, 'private');
  mkdirSync(publicUploadDir, { recursive: true });
  mkdirSync(privateUploadDir, { recursive: true });
  await writeSeedImages(publicUploadDir);
  await app.register(fastifyStatic, {
    root: publicUploadDir,
    prefix: '/static/upload/',
    decorateReply: false,
    index: false,
    setHeaders(reply) {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-security-policy', "default-src 'none'");
      reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  // The back office (DESIGN §10): its own API prefix and sessions, served app at /admin/.
  registerStaffRoutes(app, { db: deps.db, now: deps.now, secrets: deps.secrets });
  registerBackofficeRoutes(app, {
    db: deps.db,
    now: deps.now,
    engine: deps.engine,
    market: deps.market,
    settings: deps.settings,
    sessionEvents: deps.sessionEvents,
    publicUploadDir,
  });
  // The wallet (DESIGN §7): the trader's calls, and staff review under the staff API.
  walletRoutes(app, { db: deps.db, now: deps.now, engine: deps.engine, privateUploadDir });
  walletReviewRoutes(app, { db: deps.db, now: deps.now, engine: deps.engine, privateUploadDir });
  // Real-name verification, news and the company directory (DESIGN §8, §10).
  realNameRoutes(app, { db: deps.db, now: deps.now, privateUploadDir });
  newsRoutes(app, { db: deps.db, now: deps.now, publicUploadDir });
  companyRoutes(app, { db: deps.db, now: deps.now, publicUploadDir });
  // Copy trading (DESIGN §9): providers, the ranking, follows mirrored by the engine.
  copyTradingRoutes(app, {
    db: deps.db,
    now: deps.now,
    engine: deps.engine,
    market: deps.market,
    privateUploadDir,
    publicUploadDir,
  });
  await registerSocketGateway(app, {
    db: deps.db,
    now: deps.now,
    hub: deps.hub,
    sessionEvents: deps.sessionEvents,
    userChannels: deps.userChannels,
    isPublicTopic: (topic) => deps.market.isPublicTopic(topic),
  });
  await registerAdminApp(app, deps.config.adminDist);
  await registerWebApp(app, deps.config.webDist);
  return app;
}
