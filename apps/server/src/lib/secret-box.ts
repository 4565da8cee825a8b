import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { syncNewDirectories, writeNewFile } from './durable-fs.ts';

/** Stored form: `v1.` + base64url(iv ‖ tag ‖ ciphertext). Anything else is a value stored before sealing. */
const PREFIX = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SECRET_KEY_BYTES = 32;

/**
 * Secrets the server must read back (staff TOTP seeds) sealed with AES-256-GCM under a key kept
 * outside the database, so a copy of the database alone cannot make codes. The context (e.g.
 * `staff:7:totp`) is authenticated with each value: a sealed value copied to another row or
 * column does not open.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== SECRET_KEY_BYTES) throw new Error(`a secret key has ${SECRET_KEY_BYTES} bytes`);
    this.key = Buffer.from(key);
  }

  static isSealed(stored: string): boolean {
    return stored.startsWith(PREFIX);
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /**
   * The plain value. A value stored before sealing existed (no prefix) is answered as it is; the
   * start-up pass (`sealStaffSecrets`) seals those. Throws when the value does not open with this
   * key and context (a different `SECRETS_KEY`, a value moved between rows, tampering).
   */
  open(stored: string, context: string): string {
    if (!SecretBox.isSealed(stored)) return stored;
    const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
    if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretUnreadable(context);
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new SecretUnreadable(context);
    }
  }

  /** `open`, or null when the value does not open with this key and context. */
  tryOpen(stored: string, context: string): string | null {
    try {
      return this.open(stored, context);
    } catch (err) {
      if (err instanceof SecretUnreadable) return null;
      throw err;
    }
  }
}

export class SecretUnreadable extends Error {
  constructor(context: string) {
    super(
      `the secret ${context} does not open with this server's key: start it with the SECRETS_KEY (or the data folder's secrets.key) it was stored with`,
    );
    this.name = 'SecretUnreadable';
  }
}

export type SecretKeySource = 'environment' | 'file' | 'ephemeral';

/**
 * The server's secret key: `SECRETS_KEY` (32 bytes, base64) when set; else, for an in-memory data
 * folder, a random key for this process; else `secrets.key` in the data folder, created at the
 * first start (owner-only permissions). With `SECRETS_KEY` set, a `secrets.key` already in the
 * data folder is answered as `previous`, so values sealed with it can be sealed again under the new
 * key (moving from the file to a secret store). Whether the database's sealed values open with the
 * key is checked at start (`sealStaffSecrets`): a wrong key stops the server there, not at sign-in.
 */
export async function loadSecretKey(opts: {
  env: string | undefined;
  dataDir: string;
  inMemory: boolean;
}): Promise<{ key: Buffer; source: SecretKeySource; file?: string; previous?: Buffer }> {
  const file = path.join(opts.dataDir, 'secrets.key');
  if (opts.env !== undefined) {
    const key = decodeSecretKey(opts.env);
    const existing = opts.inMemory ? null : await readFile(file, 'utf8').catch(() => null);
    const previous = existing === null ? undefined : decodeSecretKey(existing.trim(), file);
    return { key, source: 'environment', ...(previous && !previous.equals(key) ? { previous } : {}) };
  }
  if (opts.inMemory) return { key: randomBytes(SECRET_KEY_BYTES), source: 'ephemeral' };
  const created = await mkdir(opts.dataDir, { recursive: true });
  try {
    // Never an overwrite (values sealed with a key another start wrote would be lost), flushed to
    // disk with its directory entry before anything is sealed with it, readable by the owner only.
    await writeNewFile(file, Buffer.from(`${randomBytes(SECRET_KEY_BYTES).toString('base64')}\n`), 0o600);
    await syncNewDirectories(created, opts.dataDir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  await chmod(file, 0o600);
  return { key: decodeSecretKey((await readFile(file, 'utf8')).trim(), file), source: 'file', file };
}

/** Where a key came from, in words for the operator. */
export function describeKeySource(source: SecretKeySource, file?: string): string {
  if (source === 'environment') return 'SECRETS_KEY';
  if (source === 'file') return file ?? "the data folder's secrets.key";
  return 'a key made for this process only (DATA_DIR=memory://, SECRETS_KEY unset)';
}

export function decodeSecretKey(text: string, where = 'SECRETS_KEY'): Buffer {
  const key = Buffer.from(text, 'base64');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text) || key.length !== SECRET_KEY_BYTES)
    throw new Error(
      `${where} must be ${SECRET_KEY_BYTES} random bytes in base64 (e.g. \`openssl rand -base64 32\`)`,
    );
  return key;
}
