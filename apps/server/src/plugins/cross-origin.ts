import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/**
 * Whether a page at `origin` may call this API when it is reached as `apiHost` (the request's Host).
 *
 * Spec §7: the web app calls the API on its own host with the first sub-domain replaced by `api`
 * (www.x.com → api.x.com; the desktop site's pc.x.com too), so in production every call is
 * cross-origin. Pages of the API's own domain family are allowed: the API host without its `api.`
 * label, and its sub-domains. `extra` lists further exact origins (CORS_ORIGINS: a front end on
 * another domain, a development server). Same-origin calls (the one-process default) need none of
 * this. Sessions travel in the `authorization` header, never in cookies, so no credentials mode.
 */
export function isAllowedOrigin(
  origin: string,
  apiHost: string | undefined,
  extra: ReadonlySet<string>,
): boolean {
  if (extra.has(origin)) return true;
  let page: URL;
  try {
    page = new URL(origin);
  } catch {
    return false;
  }
  if (page.protocol !== 'https:' && page.protocol !== 'http:') return false;
  const host = (apiHost ?? '').toLowerCase().replace(/:\d+$/, '');
  if (!host.startsWith('api.')) return false;
  const family = host.slice('api.'.length);
  // At least a registrable name (x.com), never a bare suffix such as "com".
  if (!family.includes('.')) return false;
  const pageHost = page.hostname.toLowerCase();
  return pageHost === family || pageHost.endsWith(`.${family}`);
}

export async function registerCrossOrigin(app: FastifyInstance, extraOrigins: readonly string[]) {
  const extra = new Set(extraOrigins);
  await app.register(cors, {
    delegator: (req, cb) => {
      const origin = req.headers.origin;
      const allowed = typeof origin === 'string' && isAllowedOrigin(origin, req.headers.host, extra);
      cb(null, {
        origin: allowed ? origin : false,
        methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
        allowedHeaders: ['authorization', 'lang', 'idempotency-key', 'content-type'],
        maxAge: 600,
      });
    },
  });
}
