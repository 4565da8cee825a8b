/**
 * The `Idempotency-Key` header (DESIGN §4), one definition for the server that honours it and the
 * two clients that send it: its format, a fresh key per user action, and when a client sends a
 * keyed call again. Free of zod: the web app imports it (`@meridian/contracts/idempotency-key`)
 * without the schemas.
 */

/** 8–100 letters, digits, '-' and '_'. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/**
 * A fresh key for one user action. crypto.randomUUID exists only in secure contexts; a page served
 * over plain http on a LAN address still has getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Waits before each resend of a keyed call whose answer has not come (three resends). */
export const RESEND_DELAYS_MS = [400, 1200, 2500];

/** A proxy's answers when the server behind it did not answer: the call may never have arrived. */
export const GATEWAY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/** The server's answer to a keyed call while the first send under the key is still running. */
export const REQUEST_IN_PROGRESS_CODE = 1003;
/**
 * The server was shutting down and did nothing (a restart, a deploy): like a proxy's 503, a call
 * with an Idempotency-Key is sent again with it, and reaches the instance that comes up.
 */
export const SERVER_STOPPING_CODE = 1504;
