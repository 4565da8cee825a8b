import { createHash, randomBytes } from 'node:crypto';

/** Opaque random session tokens (DESIGN §6); only their SHA-256 is stored, so a database leak reveals none. */
export const newSessionToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
