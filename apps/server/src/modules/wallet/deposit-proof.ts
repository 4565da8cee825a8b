import type { deposits } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { STORED_IMAGE_NAME } from '../uploads/image-upload.ts';
import { fileUrl } from './private-file.ts';
import * as repo from './wallet.repository.ts';
import type { WalletDeps } from './wallet-deps.ts';

/** A proof must be an image this user uploaded. */
async function proofName(deps: Pick<WalletDeps, 'db'>, userId: number, url: string) {
  if (!url) throw new AppError('WALLET_PROOF_REQUIRED');
  const name = url.split('/').pop() ?? '';
  const row =
    STORED_IMAGE_NAME.test(name) && url === fileUrl(name) ? await repo.findUpload(deps.db, name) : null;
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
    await repo.insertDeposit(tx, { ...deposit, userId, proofFile: proof, createdAt: new Date(deps.now()) });
  });
}
