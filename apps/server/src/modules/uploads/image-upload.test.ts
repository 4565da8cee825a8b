import fs, { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { handleSyncsDuring } from '../../lib/sync-spies.test-support.ts';
import { storeImage } from './image-upload.ts';

const png = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();

describe('storing an uploaded image on disk', () => {
  const base = mkdtempSync(path.join(tmpdir(), 'meridian-upload-'));
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('flushes the file, its directory, and the directories it had to create, before answering', async () => {
    const dir = path.join(base, 'uploads', 'kyc');
    let name = '';
    const synced = await handleSyncsDuring(async () => {
      name = (await storeImage(await png(), dir)).name;
    });
    expect(synced).toEqual([path.join(dir, name), `${dir}/`, `${path.join(base, 'uploads')}/`, `${base}/`]);
  });

  it('leaves no partial file behind when the flush fails', async () => {
    const dir = path.join(base, 'failing');
    fs.mkdirSync(dir);
    const eio = (fd: number) =>
      fs.fstatSync(fd).isDirectory() ? null : Object.assign(new Error('EIO'), { code: 'EIO' });
    const image = await png();
    await expect(handleSyncsDuring(() => storeImage(image, dir), eio)).rejects.toThrow('EIO');
    expect(readdirSync(dir)).toEqual([]);
  });
});
