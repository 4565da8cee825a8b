import path from 'node:path';
import { storeImage } from '../../uploads/image-upload.ts';
import type { NewsDeps } from '../news-deps.ts';

/** Longest side of an article image: sharp on a phone at 3x, small enough to load on a train. */
const NEWS_IMAGE_MAX_SIDE = 1600;

/**
 * Stores an image for an article (checked by content, re-encoded without metadata) as a public
 * file and returns its URL for the editor. Not audited: nothing a trader sees changes until an
 * article using it is saved.
 */
export async function uploadNewsImage(
  deps: Pick<NewsDeps, 'publicUploadDir'>,
  input: { readFile: () => Promise<Buffer> },
): Promise<{ url: string }> {
  const stored = await storeImage(await input.readFile(), path.join(deps.publicUploadDir, 'news'), {
    maxSide: NEWS_IMAGE_MAX_SIDE,
  });
  return { url: `/static/upload/news/${stored.name}` };
}
