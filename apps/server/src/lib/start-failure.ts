/**
 * The reason a start failed, in one line an operator can act on, for the failures of the machine
 * around the server (a port in use, a database that refuses or does not exist, a folder it cannot
 * write); null for anything else, which is a fault of ours and keeps its stack trace.
 */
const SYSTEM: Record<string, string> = {
  EADDRINUSE: 'the port is already in use (another server is listening: stop it or set PORT)',
  EADDRNOTAVAIL: 'HOST is not an address of this machine',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'the file system is read-only (DATA_DIR must be writable)',
  ENOTDIR: 'a path component is not a folder',
  ENOSPC: 'no space left on the disk',
  ECONNREFUSED: 'the database refused the connection (is it running? check DATABASE_URL)',
  ECONNRESET: 'the database closed the connection',
  ENOTFOUND: 'the host name could not be resolved',
  EAI_AGAIN: 'the host name could not be resolved (DNS)',
  ETIMEDOUT: 'the connection timed out',
};

/** PostgreSQL's SQLSTATE codes for a connection it refuses. */
const POSTGRES: Record<string, string> = {
  '28P01': 'the database refused the password in DATABASE_URL',
  '28000': 'the database refused the user in DATABASE_URL',
  '3D000': 'the database in DATABASE_URL does not exist (create it first)',
  '57P03': 'the database is starting up or shutting down',
  '53300': 'the database has no connection slots left',
};

interface CodedError {
  code?: unknown;
  message?: unknown;
  errors?: unknown;
}

export function startFailure(err: unknown): string | null {
  if (!err || typeof err !== 'object') return null;
  // Node's connect tries each address of a host and reports them together, with no message.
  const e = (err instanceof AggregateError && err.errors.length > 0 ? err.errors[0] : err) as CodedError;
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  const known = SYSTEM[code] ?? POSTGRES[code];
  if (known) return message ? `${known}: ${message}` : known;
  // pg's own connection time-out carries no code.
  if (/^Connection terminated due to connection timeout|timeout expired/i.test(message))
    return `the database did not answer within the connection time-out (check DATABASE_URL): ${message}`;
  if (err instanceof TypeError && /Invalid URL/.test(message))
    return `DATABASE_URL is not a valid URL: ${message}`;
  return null;
}
