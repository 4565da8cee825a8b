import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { writeNewFile } from '../../../lib/durable-fs.ts';
import { COMPANY_SEED_LOGOS } from '../company-seed-logos.ts';

/** Drawn once per process: test servers started after the first reuse them. */
const rendered = new Map<string, Promise<Buffer>>();
const render = (l: { name: string; svg: string }) => {
  let png = rendered.get(l.name);
  if (!png) {
    png = sharp(Buffer.from(l.svg)).png({ compressionLevel: 9 }).toBuffer();
    rendered.set(l.name, png);
  }
  return png;
};

/**
 * Writes the seeded companies' logos into the public uploads (company/) when they are missing. A
 * logo is written aside and renamed, so a crash leaves it whole or absent (written next start).
 */
export async function writeSeedLogos(publicUploadDir: string): Promise<void> {
  const dir = path.join(publicUploadDir, 'company');
  await mkdir(dir, { recursive: true });
  await Promise.all(
    Object.values(COMPANY_SEED_LOGOS).map(async (l) => {
      const file = path.join(dir, l.name);
      const present = await stat(file).then(
        (s) => s.size > 0,
        () => false,
      );
      if (present) return;
      const partial = `${file}.${process.pid}.partial`;
      await rm(partial, { force: true });
      await writeNewFile(partial, await render(l), 0o644);
      await rename(partial, file);
    }),
  );
}
