import type { FastifyRequest } from 'fastify';
import { readUploadedFile, storeImage } from '../../uploads/image-upload.ts';
import { fileUrl } from '../../uploads/private-file.ts';
import { insertUpload } from '../../uploads/uploads.repository.ts';
import { realUser } from '../real-user.ts';
import type { WalletDeps } from '../wallet-deps.ts';

/**
 * Stores an image the user uploads (a deposit proof, or an ID image a real-name submission then
 * claims) where only they and staff may read it.
 */
export async function uploadProofImage(
  deps: Pick<WalletDeps, 'db' | 'now' | 'privateUploadDir'>,
  input: { userId: number; req: FastifyRequest },
) {
  await realUser(deps.db, input.userId);
  const data = await readUploadedFile(input.req);
  const stored = await storeImage(data, deps.privateUploadDir, { maxSide: 2400 });
  await insertUpload(deps.db, {
    name: stored.name,
    ownerId: input.userId,
    mime: stored.mime,
    createdAt: new Date(deps.now()),
  });
  return { url: fileUrl(stored.name) };
}
