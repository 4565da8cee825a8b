import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeSecretKey, loadSecretKey, SecretBox, SecretUnreadable } from './secret-box.ts';

const SEED = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('opens what it sealed, and the stored form does not contain the value', () => {
    const sealed = box.seal(SEED, 'staff:1:totp');
    expect(SecretBox.isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain(SEED);
    expect(box.open(sealed, 'staff:1:totp')).toBe(SEED);
  });

  it('seals the same value differently each time (a fresh nonce)', () => {
    expect(box.seal(SEED, 'c')).not.toBe(box.seal(SEED, 'c'));
  });

  it('refuses another key, another context and a changed byte', () => {
    const sealed = box.seal(SEED, 'staff:1:totp');
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'staff:1:totp')).toThrow(SecretUnreadable);
    // A seed copied to another staff member's row does not open there.
    expect(() => box.open(sealed, 'staff:2:totp')).toThrow(SecretUnreadable);
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1]! ^= 1;
    expect(() => box.open(`v1.${raw.toString('base64url')}`, 'staff:1:totp')).toThrow(SecretUnreadable);
    expect(() => box.open('v1.AAAA', 'staff:1:totp')).toThrow(SecretUnreadable);
    expect(box.tryOpen(sealed, 'staff:2:totp')).toBeNull();
    expect(box.tryOpen(sealed, 'staff:1:totp')).toBe(SEED);
  });

  it('answers a value stored before sealing as it is (the start-up pass seals it)', () => {
    expect(SecretBox.isSealed(SEED)).toBe(false);
    expect(box.open(SEED, 'staff:1:totp')).toBe(SEED);
  });

  it('takes only a 32-byte key', () => {
    expect(() => new SecretBox(randomBytes(16))).toThrow(/32 bytes/);
    expect(decodeSecretKey(randomBytes(32).toString('base64')).length).toBe(32);
    expect(decodeSecretKey(randomBytes(32).toString('base64url')).length).toBe(32);
    expect(() => decodeSecretKey(randomBytes(16).toString('base64'))).toThrow(/SECRETS_KEY must be 32/);
    expect(() => decodeSecretKey('not a key at all, not base64 !!')).toThrow(/SECRETS_KEY/);
  });
});

describe('loadSecretKey', () => {
  const dirs: string[] = [];
  const newDir = () => {
    const d = mkdtempSync(path.join(tmpdir(), 'meridian-key-'));
    dirs.push(d);
    return path.join(d, 'data');
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('makes secrets.key in the data folder at first start, owner-only, and reads the same key after', async () => {
    const dataDir = newDir();
    const first = await loadSecretKey({ env: undefined, dataDir, inMemory: false });
    expect(first.source).toBe('file');
    const file = path.join(dataDir, 'secrets.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = await loadSecretKey({ env: undefined, dataDir, inMemory: false });
    expect(again.key.equals(first.key)).toBe(true);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.key.toString('base64'));
  });

  it('prefers SECRETS_KEY, and a random key for an in-memory database', async () => {
    const key = randomBytes(32);
    const dataDir = newDir();
    const fromEnv = await loadSecretKey({ env: key.toString('base64'), dataDir, inMemory: false });
    expect(fromEnv.source).toBe('environment');
    expect(fromEnv.key.equals(key)).toBe(true);
    const a = await loadSecretKey({ env: undefined, dataDir, inMemory: true });
    const b = await loadSecretKey({ env: undefined, dataDir, inMemory: true });
    expect(a.source).toBe('ephemeral');
    expect(a.key.equals(b.key)).toBe(false);
  });

  it('refuses a damaged key file rather than making a new key over it', async () => {
    const dataDir = newDir();
    await loadSecretKey({ env: undefined, dataDir, inMemory: false });
    writeFileSync(path.join(dataDir, 'secrets.key'), 'short\n');
    await expect(loadSecretKey({ env: undefined, dataDir, inMemory: false })).rejects.toThrow(
      /secrets\.key must be 32/,
    );
    expect(readFileSync(path.join(dataDir, 'secrets.key'), 'utf8')).toBe('short\n');
  });
});
