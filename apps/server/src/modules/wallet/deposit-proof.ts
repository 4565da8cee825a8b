import type { deposits } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { STORED_IMAGE_NAME } from '../uploads/image-upload.ts';
import { fileUrl, UPLOAD_KIND } from '../uploads/private-file.ts';
import { findUpload } from '../uploads/uploads.repository.ts';
import * as repo from './wallet.repository.ts';
import type { WalletDeps } from './wallet-deps.ts';

/** A proof must be an image this user uploaded. */
async function proofName(deps: Pick<WalletDeps, 'db'>, userId: number, url: string) {
  if (!url) throw new AppError('WALLET_PROOF_REQUIRED');
  const name = url.split('/').pop() ?? '';
  const row = STORED_IMAGE_NAME.test(name) && url === fileUrl(name) ? await findUpload(deps.db, name) : null;
  if (!row || row.ownerId !== userId) throw new AppError('WALLET_PROOF_INVALID');
  return name;
}

type Declared = Omit<typeof deposits.$inferInsert, 'userId' | 'proofFile' | 'createdAt'>;

/**
 * Records a deposit the user declared, citing the proof at `proofUrl`, unless another live deposit
 * cites it: one transfer's proof backing two requests could be approved twice (staff see each
 * request on its own).
 */
export async function recordCitedDeposit(
  deps: Pick<WalletDeps, 'db' | 'now'>,
  userId: number,
  proofUrl: string,
  deposit: Declared,
) {
  const proof = await proofName(deps, userId, proofUrl);
  await deps.db.transaction(async (tx) => {
    if (await repo.proofInUse(tx, proof)) throw new AppError('WALLET_PROOF_IN_USE');
    // An ID image (used by a real-name submission) is no proof: finance may not read it.
    if ((await findUpload(tx, proof))?.kind !== UPLOAD_KIND.PROOF) throw new AppError('WALLET_PROOF_INVALID');
    await repo.insertDeposit(tx, { ...deposit, userId, proofFile: proof, createdAt: new Date(deps.now()) });
  });
}
