import type { FastifyInstance } from 'fastify';
import { type AppDeps, buildApp } from './app.ts';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { lockDataDir } from './db/data-dir-lock.ts';
import { durabilityWarnings } from './db/durability-check.ts';
import { type EngineLock, lockEngine } from './db/engine-lock.ts';
import { type FencedWriter, fencedWriter } from './db/fenced-writer.ts';
import { bumpEngineEpoch } from './engine/journal.repository.ts';
import { describeKeySource, loadSecretKey, SecretBox } from './lib/secret-box.ts';
import { type LiveMarket, startLiveMarket } from './market/live-market.ts';
import type { Clock } from './market/types.ts';
import { systemClock } from './market/types.ts';
import { type SeedReport, seedIfEmpty } from './seed.ts';

/** Real-speed clock that started at `startMs` when the process booted. */
function shiftedClock(startMs: number): Clock {
  const offset = startMs - Date.now();
  return { now: () => Date.now() + offset };
}

import { AccountMonitor } from './engine/account-monitor.ts';
import { TradingEngine } from './engine/trading-engine.ts';
import { KEY_RETENTION_MS, pruneKeys } from './http/idempotency.ts';
import { logSerializers } from './lib/log-serializers.ts';
import { SessionEvents } from './lib/session-events.ts';
import { ExternalFeed } from './market/external-feed.ts';
import { parseSymbolMap } from './market/feed-symbols.ts';
import { takesOrders } from './market/market-runtime.ts';
import { startProviderBots } from './modules/copy-trading/jobs/provider-bots.ts';
import { startCopyFeeSettlement } from './modules/copy-trading/jobs/settle-copy-fees.ts';
import { reconcileLedger } from './modules/ledger/ledger.repository.ts';
import { LiveSettings } from './modules/settings/live-settings.ts';
import { ensureFirstOwner, type FirstOwner } from './modules/staff/jobs/ensure-first-owner.ts';
import { sealStaffSecrets } from './modules/staff/jobs/seal-staff-secrets.ts';
import { deleteUnusedStaff } from './modules/staff/staff.repository.ts';
import { createTradingService } from './modules/trading/trading.service.ts';
import { settleUnfinishedWallet } from './modules/wallet/jobs/settle-unfinished-wallet.ts';
import {
  settleAllAgainstFrozen,
  settleWithdrawalsAgainstFrozen,
} from './modules/wallet/wallet-settlement.ts';
import { TopicHub } from './ws/topic-hub.ts';
import { UserChannels } from './ws/user-channels.ts';

export interface Server {
  app: FastifyInstance;
  database: Database;
  market: LiveMarket;
  hub: TopicHub;
  seed: SeedReport;
  /** The first back-office owner, when this start made it (main prints its password once it listens). */
  firstOwner: FirstOwner | null;
  engine: TradingEngine;
  /** Who is online on the socket (the account monitor's audience). */
  userChannels: UserChannels;
  close(): Promise<void>;
}

export interface ServerOptions {
  config: Config;
  clock?: Clock;
  /** false in tests: they drive the market with `market.step(nowMs)`. */
  autoStartMarket?: boolean;
  logger?: boolean | object;
  /** Each verification code the outbox keeps; `npm start` prints it as a plain line (main.ts). */
  onOutboxCode?: AppDeps['onOutboxCode'];
}

/** Opens the database, seeds it, starts the market and builds the app; `close` undoes it all in order. */
export async function createServer(opts: ServerOptions): Promise<Server> {
  const { config } = opts;
  const clock =
    opts.clock ?? (config.CLOCK_START ? shiftedClock(Date.parse(config.CLOCK_START)) : systemClock);
  const usesEmbedded = !config.DATABASE_URL && config.DATA_DIR !== 'memory://';
  const unlock = usesEmbedded ? lockDataDir(config.dataDir) : () => {};
  let database: Database | undefined;
  let engineLock: EngineLock | undefined;
  let writer: FencedWriter | undefined;
  let firstOwner: FirstOwner | null = null;
  const bootLog = (await import('fastify')).default({
    logger: opts.logger ?? { level: config.LOG_LEVEL, serializers: logSerializers },
  }).log;
  try {
    // Before anything writes (migrations, the seed, the market's candles, the engine): one server
    // per PostgreSQL database (the embedded one is locked by its directory above).
    if (config.DATABASE_URL) {
      engineLock = await lockEngine(config.DATABASE_URL, {
        onWaiting: (holder) =>
          bootLog.warn(
            `another Meridian server holds this database's engine (${holder}); waiting up to 30 s`,
          ),
        onLost: (err) => {
          // Whether another server holds it by now cannot be known: stop deciding orders at once.
          // A supervisor starts the server again; it waits for the lock and rebuilds from the database.
          bootLog.fatal({ err }, 'engine lock lost; stopping');
          process.exit(70);
        },
      });
    }
    database = await openDatabase({
      ...(config.DATABASE_URL ? { url: config.DATABASE_URL } : {}),
      dataDir: config.DATA_DIR === 'memory://' ? 'memory://' : config.dataDir,
    });
    const seed = await seedIfEmpty(database.db, config.DEMO_START_BALANCE, clock.now());
    const secretKey = await loadSecretKey({
      env: config.SECRETS_KEY,
      dataDir: config.dataDir,
      inMemory: config.DATA_DIR === 'memory://',
    });
    if (config.DATABASE_URL && secretKey.source !== 'environment')
      bootLog.warn(
        `SECRETS_KEY is unset: staff TOTP seeds are sealed with ${describeKeySource(secretKey.source, secretKey.file)}; put that key (the file's one line) into SECRETS_KEY from your secret store and keep it apart from the database's backups (README, Configuration)`,
      );
    const secrets = new SecretBox(secretKey.key);
    const sealing = await sealStaffSecrets(
      database.db,
      secrets,
      secretKey.previous ? new SecretBox(secretKey.previous) : undefined,
    );
    // A wrong key would lock every staff member with a second factor out at sign-in (owners
    // included): stop here and say which key to use instead.
    if (sealing.unreadable.length > 0)
      throw new Error(
        `The back office's TOTP seeds of staff ${sealing.unreadable.join(', ')} do not open with ${describeKeySource(secretKey.source, secretKey.file)}. Start with the SECRETS_KEY (or DATA_DIR/secrets.key) they were sealed with; if that key is lost, clear totp_secret, totp_pending_secret and totp_last_step of those staff_users rows so they enrol again (README, Configuration).`,
      );
    if (sealing.sealed + sealing.resealed > 0)
      bootLog.info(
        { sealed: sealing.sealed, resealed: sealing.resealed },
        'staff TOTP seeds sealed (stored in clear by an earlier version, or under the previous key)',
      );
    const hub = new TopicHub();
    if (config.DATA_DIR !== 'memory://' || config.DATABASE_URL)
      for (const warning of await durabilityWarnings(database.db)) bootLog.warn(warning);
    const market = await startLiveMarket({
      db: database.db,
      clock,
      hub,
      log: bootLog,
      seed: config.MARKET_SEED,
      historyDays: config.MARKET_HISTORY_DAYS,
      feed: config.MARKET_FEED,
      ...(config.MARKET_REPLAY_FILE ? { replayFile: config.MARKET_REPLAY_FILE } : {}),
      ...(config.MARKET_FEED_URL
        ? {
            external: {
              url: config.MARKET_FEED_URL,
              symbols: parseSymbolMap(config.MARKET_FEED_SYMBOLS),
              maxAgeMs: config.MARKET_FEED_MAX_AGE_MS,
            },
          }
        : {}),
      autoStart: opts.autoStartMarket ?? true,
    });
    writer = fencedWriter(database);
    await writer.fenceLeftovers();
    // This server's fencing token: a batch of an engine that lost the lock unknowingly commits nothing.
    const epoch = await bumpEngineEpoch(database.db);
    const userChannels = new UserChannels();
    const walletDb = database.db;
    // The engine reports to the monitor, which needs the trading service: wired through late binding.
    let monitor: AccountMonitor | undefined;
    const settings = new LiveSettings(database.db);
    await settings.reload();
    settings.start();
    const external = market.feed instanceof ExternalFeed ? market.feed : null;
    const engine = new TradingEngine({
      db: database.db,
      writer,
      epoch,
      onSuperseded: () => process.exit(70),
      now: () => clock.now(),
      market: {
        instrumentById: (id) => market.instrumentById(id),
        instruments: () => market.instruments(),
        latest: (id) => market.feed.latest(id),
        status: (id) => market.status(id),
        // The simulation ticks on a known rhythm; a bridge's quotes are live while younger than
        // MARKET_FEED_MAX_AGE_MS (a quiet market sends none for a while), the bridge is connected and
        // no print waits for confirmation; it also says which prices value positions (`pricedNow`).
        maxQuoteAgeMs: external
          ? (id) => external.liveForMs(id)
          : (id) => 5 * (market.instrumentById(id)?.tickIntervalMs ?? 1000),
        ...(external ? { pricedNow: (id: number) => external.pricedNow(id) } : {}),
        takesOrders: (id) => takesOrders(market, id),
      },
      settings: {
        feeType: () => Number(settings.get('trade_fee_type')),
        stopOutLevel: () => settings.get('stop_out_level'),
        marginCallLevel: () => settings.get('margin_call_level'),
      },
      events: {
        ordersEnded: (userId, ids) =>
          userChannels.send(userId, 'FOREX_CLOSED', `FC:${ids.join(',')}`, {
            type: 'FOREX_CLOSED',
            data: ids,
          }),
        accountTouched: (userId) => monitor?.touch(userId),
        // Frozen withdrawal money covered a loss: the requests are settled against what stays
        // frozen (tried again after 5 s if that fails; at the next start otherwise).
        frozenAppliedToLoss: (userId) => {
          const settle = () =>
            settleWithdrawalsAgainstFrozen(walletDb, engine, userId, new Date(clock.now()));
          settle().catch((err: unknown) => {
            bootLog.warn({ err, userId }, 'settling withdrawals after a covered loss failed; retrying');
            setTimeout(
              () =>
                void settle().catch((e: unknown) =>
                  bootLog.error({ err: e, userId }, 'settling withdrawals after a covered loss failed'),
                ),
              5_000,
            ).unref();
          });
        },
      },
      log: bootLog,
    });
    const restored = await engine.rebuild();
    const walletSettled =
      (await settleUnfinishedWallet(database.db)) +
      // Requests a crash left claiming money a covered loss already took.
      (await settleAllAgainstFrozen(database.db, engine, new Date(clock.now())));
    if (walletSettled > 0)
      bootLog.warn({ walletSettled }, 'wallet requests left mid-way by a stop were settled from the ledger');
    bootLog.info({ liveOrders: restored }, 'trading engine ready');
    // The ledger reconciliation once at every start (DESIGN §2); staff run it again from the dashboard.
    const books = await reconcileLedger(database.db);
    if (books.mismatched.length > 0)
      bootLog.error(
        {
          accounts: books.accounts,
          mismatched: books.mismatched.length,
          first: books.mismatched.slice(0, 10),
        },
        'ledger reconciliation: accounts whose figures differ from the sum of their ledger entries',
      );
    else
      bootLog.info({ accounts: books.accounts }, 'ledger reconciliation: every account equals its entries');
    const trading = createTradingService({ db: database.db, engine, market, settings });
    monitor = new AccountMonitor(engine, trading, userChannels, bootLog);
    market.feed.onQuote((q) => {
      engine.onQuote(q);
      monitor?.onQuoteFor(q.instrumentId);
    });
    monitor.start();
    // The seeded providers trade the simulated market (issue 30): a living ranking on a fresh install.
    const stopBots =
      config.MARKET_FEED === 'simulated' && config.PROVIDER_BOTS === '1' && (opts.autoStartMarket ?? true)
        ? await startProviderBots({
            db: database.db,
            engine,
            market: {
              instruments: () => market.instruments(),
              status: (id) => market.status(id),
              latest: (id) => market.feed.latest(id),
            },
            now: () => clock.now(),
            log: bootLog,
          })
        : () => {};
    // Providers' performance fees on new equity highs, settled for each month that ended.
    const stopFees = await startCopyFeeSettlement({
      db: database.db,
      engine,
      now: () => clock.now(),
      log: bootLog,
    });
    // Idempotency answers are kept a day (retries come within minutes): pruned at start and hourly.
    const pruneIdempotency = () =>
      // Wall-clock time, as the claims are stamped (not the market clock, which CLOCK_START may shift).
      pruneKeys(database!.db, new Date(Date.now() - KEY_RETENTION_MS)).catch((err) =>
        bootLog.error({ err }, 'pruning idempotency keys failed'),
      );
    await pruneIdempotency();
    const pruneTimer = setInterval(() => void pruneIdempotency(), 60 * 60_000);
    pruneTimer.unref();
    firstOwner = await ensureFirstOwner(database.db, {
      email: config.ADMIN_EMAIL,
      password: config.ADMIN_PASSWORD,
      log: bootLog,
    });
    const app = await buildApp({
      config,
      secrets,
      db: database.db,
      now: () => clock.now(),
      market,
      engine,
      settings,
      hub,
      sessionEvents: new SessionEvents(),
      userChannels,
      trading,
      ...(opts.logger !== undefined ? { logger: opts.logger } : {}),
      ...(opts.onOutboxCode ? { onOutboxCode: opts.onOutboxCode } : {}),
    });
    const db = database;
    let closing: Promise<void> | null = null;
    return {
      app,
      database: db,
      market,
      hub,
      seed,
      firstOwner,
      engine,
      userChannels,
      // Once: a second call (a signal during shutdown, a test's cleanup) waits for the first.
      close() {
        closing ??= closeAll();
        return closing;
      },
    };
    async function closeAll() {
      await app.close();
      clearInterval(pruneTimer);
      stopBots();
      stopFees();
      monitor?.stop();
      settings.stop();
      await engine.idle();
      await market.stop();
      await writer?.close();
      await engineLock?.release();
      await db.close();
      unlock();
    }
  } catch (err) {
    // A first owner this failed start made: its password was never shown (see main.ts).
    if (firstOwner && database) await deleteUnusedStaff(database.db, firstOwner.id).catch(() => {});
    await writer?.close().catch(() => {});
    await engineLock?.release().catch(() => {});
    await database?.close().catch(() => {});
    unlock();
    throw err;
  }
}
