import { createHash, randomBytes } from 'node:crypto';

/** Opaque random session tokens (DESIGN §6); only their SHA-256 is stored, so a database leak reveals none. */
export const newSessionToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The token arrives as the bare value (spec §7) or as `Bearer <token>`. */
export function tokenFrom(header: string | string[] | undefined): string | null {
  const raw = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!raw) return null;
  const token = raw.toLowerCase().startsWith('bearer ') ? raw.slice(7).trim() : raw;
  return token.length >= 16 && token.length <= 200 ? token : null;
}
