import { Secret, TOTP } from 'otpauth';

const PERIOD = 30;

/** TOTP (RFC 6238, SHA-1, 6 digits, 30 s) as every authenticator app reads it from a QR code. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpUri(secretBase32: string, account: string, issuer: string): string {
  return new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(secretBase32),
    period: PERIOD,
  }).toString();
}

/**
 * The time step a code belongs to, if it is valid now (one step of clock drift either way), else
 * null. The caller refuses a step it has already accepted, so a code cannot be replayed.
 */
export function acceptedTotpStep(secretBase32: string, code: string, nowMs = Date.now()): number | null {
  const totp = new TOTP({ secret: Secret.fromBase32(secretBase32), period: PERIOD });
  const delta = totp.validate({ token: code, timestamp: nowMs, window: 1 });
  if (delta === null) return null;
  return Math.floor(nowMs / 1000 / PERIOD) + delta;
}

/** For tests and the first-owner setup message: the code an app would show now. */
export function currentTotp(secretBase32: string, nowMs = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secretBase32), period: PERIOD }).generate({ timestamp: nowMs });
}
