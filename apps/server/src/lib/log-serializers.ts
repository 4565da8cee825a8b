/**
 * How errors are written to the log. drizzle's query errors carry the whole statement and every
 * parameter in their message: one failed journal batch wrote 28 lines of ~13 KB, and a failed
 * insert would log a session's token hash, an address or a password hash. The statement is kept
 * (shortened), the parameters never; what the database said is the `cause`.
 */
const QUERY_SHOWN = 300;
/**
 * Fields kept from an error besides its message and stack: codes and places, never values. Not
 * PostgreSQL's `detail` ('Key (email)=(kim@example.com) already exists.') nor an SMTP server's
 * `response` (it repeats the recipient).
 */
const FIELDS = [
  'code',
  'errno',
  'syscall',
  'address',
  'port',
  'constraint',
  'table',
  'column',
  'routine',
  'hint',
  'statusCode',
  'responseCode',
] as const;

type Logged = Record<string, unknown>;

function isQueryError(e: Error & { query?: unknown; params?: unknown }): e is Error & { query: string } {
  return typeof e.query === 'string' && 'params' in e && e.message.startsWith('Failed query:');
}

/** A stack without its first lines, which repeat the message (for a query error: its parameters). */
const framesOf = (stack: string | undefined) =>
  (stack ?? '')
    .split('\n')
    .filter((l) => /^\s+at /.test(l))
    .join('\n');

export function serializeError(err: unknown, depth = 0, inQuery = false): unknown {
  if (!(err instanceof Error)) return err;
  const e = err as Error & Record<string, unknown>;
  const out: Logged = { type: e.constructor?.name || 'Error' };
  const query = isQueryError(e);
  if (query) {
    const q = e.query.replace(/\s+/g, ' ');
    out.message = `Failed query: ${q.length > QUERY_SHOWN ? `${q.slice(0, QUERY_SHOWN)}…` : q}`;
    out.stack = framesOf(e.stack);
  } else if (inQuery) {
    // What the database said about a statement may quote a value ('invalid input syntax for type
    // integer: "abc"'): its code says what happened; the first words of the message stay.
    out.message = e.message.replace(/[:(].*$/s, '').trim();
    out.stack = framesOf(e.stack);
  } else {
    out.message = e.message;
    out.stack = e.stack;
  }
  for (const f of FIELDS) if (e[f] !== undefined && typeof e[f] !== 'object') out[f] = e[f];
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1, inQuery || query);
  if (err instanceof AggregateError && depth < 3)
    out.errors = err.errors.slice(0, 5).map((x) => serializeError(x, depth + 1, inQuery));
  return out;
}

/** Pino serializers for every logger of the server (Fastify's and the boot log). */
export const logSerializers = { err: serializeError, error: serializeError };

/** Query parameters that are credentials: a demo account is reached by its device's `demo_id` alone. */
const SECRET_QUERY = new Set(['demo_id', 'token', 'code']);

/** A request's URL with credential values replaced, for the log. */
export function urlForLog(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const key of [...params.keys()])
    if (SECRET_QUERY.has(key)) {
      params.set(key, '***');
      changed = true;
    }
  return changed ? `${url.slice(0, q)}?${params.toString().replaceAll('%2A', '*')}` : url;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request line (method, url, host, address, port), the URL without credentials. */
export function requestForLog(req: LoggedRequest) {
  return {
    method: req.method,
    url: urlForLog(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
