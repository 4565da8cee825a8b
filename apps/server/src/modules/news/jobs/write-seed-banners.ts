import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { writeNewFile } from '../../../lib/durable-fs.ts';
import { NEWS_SEED_BANNERS } from '../news-seed-banners.ts';

/** Drawn once per process (about 70 ms for all five): test servers started after the first reuse them. */
const rendered = new Map<string, Promise<Buffer>>();
const render = (b: { name: string; svg: string }) => {
  let png = rendered.get(b.name);
  if (!png) {
    png = sharp(Buffer.from(b.svg)).png({ compressionLevel: 9 }).toBuffer();
    rendered.set(b.name, png);
  }
  return png;
};

/**
 * Writes the seeded articles' banners into the public uploads (news/) when they are missing: on a
 * first start, and after uploads were moved without them. A banner is written aside and renamed, so
 * a crash leaves it whole or absent (then it is written at the next start), never half.
 */
export async function writeSeedBanners(publicUploadDir: string): Promise<void> {
  const dir = path.join(publicUploadDir, 'news');
  await mkdir(dir, { recursive: true });
  await Promise.all(
    Object.values(NEWS_SEED_BANNERS).map(async (b) => {
      const file = path.join(dir, b.name);
      if (
        await stat(file).then(
          (s) => s.size > 0,
          () => false,
        )
      )
        return;
      const partial = `${file}.${process.pid}.partial`;
      await rm(partial, { force: true });
      await writeNewFile(partial, await render(b), 0o644);
      await rename(partial, file);
    }),
  );
}
