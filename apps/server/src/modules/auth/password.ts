import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's minimum memory cost: 19 MiB, 2 passes.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verified against when the account does not exist, so both refusals take the same time. */
let dummyHash: Promise<string> | null = null;
export const timingDummyHash = () => {
  dummyHash ??= hashPassword('not-a-real-password-0');
  return dummyHash;
};

/** 8–64 characters with at least one letter and one digit (decided for Meridian; the spec sets none). */
export function isStrongEnough(password: string): boolean {
  return password.length >= 8 && password.length <= 64 && /\p{L}/u.test(password) && /\d/.test(password);
}
