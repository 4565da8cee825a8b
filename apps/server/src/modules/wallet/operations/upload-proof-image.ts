import type { FastifyRequest } from 'fastify';
import { readUploadedFile, storeImage } from '../../uploads/image-upload.ts';
import { fileUrl } from '../private-file.ts';
import { realUser } from '../real-user.ts';
import * as repo from '../wallet.repository.ts';
import type { WalletDeps } from '../wallet-deps.ts';

/** Stores an image the user uploads (a deposit proof) where only they and staff may read it. */
export async function uploadProofImage(
  deps: Pick<WalletDeps, 'db' | 'now' | 'privateUploadDir'>,
  input: { userId: number; req: FastifyRequest },
) {
  await realUser(deps.db, input.userId);
  const data = await readUploadedFile(input.req);
  const stored = await storeImage(data, deps.privateUploadDir, { maxSide: 2400 });
  await repo.insertUpload(deps.db, {
    name: stored.name,
    ownerId: input.userId,
    mime: stored.mime,
    createdAt: new Date(deps.now()),
  });
  return { url: fileUrl(stored.name) };
}
