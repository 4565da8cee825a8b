import { randomInt } from 'node:crypto';

/** `uid`: a short public number (DESIGN §6), 8 digits, never starting with 0. */
export const newUid = () => String(randomInt(10_000_000, 100_000_000));

// No 0/O/1/I so a code read aloud or from a screenshot is unambiguous.
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newInviteCode(length = 6): string {
  let s = '';
  for (let i = 0; i < length; i++) s += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)];
  return s;
}
