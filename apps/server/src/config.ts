import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { parseSymbolMap } from './market/feed-symbols.ts';

/** An address or range `proxy-addr` takes (an IP, optionally /bits within its size), or one of its names. */
function isProxyAddress(text: string): boolean {
  if (text === 'loopback' || text === 'linklocal' || text === 'uniquelocal') return true;
  const [address = '', bits, ...rest] = text.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Configuration from the environment, validated once at start. Every value has a safe default for
 * the one-machine mode (`npm start`): embedded database under ./data, simulated market, loopback.
 */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  MARKET_SEED: z.coerce.number().int().default(20261122),
  MARKET_FEED: z.enum(['simulated', 'replay', 'external']).default('simulated'),
  MARKET_REPLAY_FILE: z.string().optional(),
  /** The broker's price bridge (MARKET_FEED=external): wss://, ws:// only to this machine (market/external-feed.ts). */
  MARKET_FEED_URL: secureUrl('wss:', 'ws:'),
  /** Platform code = bridge symbol, where they differ: `XAUUSD=GOLD,US500=SPX500`. */
  MARKET_FEED_SYMBOLS: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      try {
        parseSymbolMap(v);
      } catch (e) {
        ctx.addIssue({ code: 'custom', message: (e as Error).message });
      }
    }),
  /** How old the bridge's last quote may be for an order to fill at it (ms). */
  MARKET_FEED_MAX_AGE_MS: z.coerce.number().int().min(500).max(300_000).default(10_000),
  /** Days of history generated at first start (charts full on day one; tests use a few). */
  MARKET_HISTORY_DAYS: z.coerce.number().int().min(1).max(3660).default(366),
  /**
   * Start the server's clock at this instant (ISO 8601) and run it at real speed from there: browser
   * tests and demos get an open forex market whatever the real day of the week.
   */
  CLOCK_START: z.iso.datetime({ offset: true }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /**
   * The seeded signal providers trade the simulated market (issue 30) unless '0'. Only with
   * MARKET_FEED=simulated and a market that runs on its own (never in tests that step it by hand).
   */
  PROVIDER_BOTS: z.enum(['0', '1']).default('1'),
  DEMO_START_BALANCE: z
    .string()
    .regex(/^\d+(\.\d{1,2})?$/)
    .default('100000.00'),
  /** E-mail delivery of verification codes, e.g. smtp://user:pass@mail.example.com:587; unset → outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Meridian <no-reply@meridian.local>'),
  /** SMS delivery of verification codes: the broker's gateway, POST {to, text} (code-sender.ts); unset → outbox. */
  SMS_URL: secureUrl('https:', 'http:'),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** The first back-office owner, created at first start when there is no staff account yet. */
  ADMIN_EMAIL: z.string().trim().toLowerCase().email().default('owner@meridian.local'),
  /** Its password (12+ characters, letters and digits); unset → one is generated and printed once. */
  ADMIN_PASSWORD: z.string().min(12).max(128).optional(),
  ADMIN_DIST: z.string().optional(),
  /**
   * 32 random bytes in base64 sealing the secrets the server reads back (staff TOTP seeds); unset →
   * `secrets.key` in DATA_DIR, made at first start (lib/secret-box.ts). Set it on PostgreSQL.
   */
  SECRETS_KEY: z.string().trim().min(1).optional(),
  /**
   * Origins besides the API's own domain family that may call it from a browser (comma-separated,
   * e.g. https://trade.other-brand.com,http://localhost:5173); see plugins/cross-origin.ts.
   */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter((o) => o.length > 0),
    )
    .pipe(z.array(z.url().regex(/^https?:\/\/[^/]+$/, 'an origin: scheme://host[:port], no path'))),
  /**
   * Behind a reverse proxy (TLS, the spec's api. host): the proxies whose `X-Forwarded-For` names
   * the client, so per-address limits count each trader and not the proxy. Addresses and ranges
   * ('127.0.0.1,10.0.0.0/8', or proxy-addr's 'loopback', 'linklocal', 'uniquelocal'). Unset: the
   * connection's own address. No hop count and no 'trust everyone': either believes the header
   * from any client that reaches the server directly, which could then choose its address.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('')
    .transform((v, ctx): string[] | false => {
      if (v === '' || v === 'false') return false;
      const list = v
        .split(',')
        .map((a) => a.trim())
        .filter((a) => a.length > 0);
      if (list.length > 0 && list.every(isProxyAddress)) return list;
      ctx.addIssue({
        code: 'custom',
        message: "the proxies' addresses or ranges (e.g. '127.0.0.1,10.0.0.0/8', 'loopback')",
      });
      return z.NEVER;
    }),
});

/** An optional URL to another service, refused with the reason `secureUrlProblem` gives. */
function secureUrl(secure: string, plain: string) {
  return z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      const problem = v === undefined ? null : secureUrlProblem(v, secure, plain);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

/**
 * Why a URL to another service (the SMS gateway, the price bridge) cannot be used, or null. TLS
 * only, except on this machine: codes, prices and credentials would cross the network in clear
 * text, and prices could be changed on the way.
 */
function secureUrlProblem(v: string, secure: string, plain: string): string | null {
  if (!URL.canParse(v)) return 'must be a URL';
  const url = new URL(v);
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== secure && !(url.protocol === plain && loopback))
    return `must be a ${secure}// URL (${plain}// only to this machine)`;
  try {
    decodeURIComponent(url.username);
    decodeURIComponent(url.password);
  } catch {
    return 'the user or password in it is not valid percent-encoding';
  }
  return null;
}

export type Config = z.infer<typeof schema> & { dataDir: string; webDist: string; adminDist: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.MARKET_FEED === 'external' && !c.MARKET_FEED_URL)
    throw new Error('Invalid configuration:\n  MARKET_FEED_URL: required with MARKET_FEED=external');
  const root = path.resolve(import.meta.dirname, '../../..');
  return {
    ...c,
    dataDir: path.resolve(root, c.DATA_DIR),
    webDist: path.resolve(root, c.WEB_DIST ?? 'apps/web/dist'),
    adminDist: path.resolve(root, c.ADMIN_DIST ?? 'apps/admin/dist'),
  };
}
