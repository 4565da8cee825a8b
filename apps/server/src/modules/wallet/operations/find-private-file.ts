import { AppError } from '../../../lib/app-error.ts';
import { STORED_IMAGE_NAME } from '../../uploads/image-upload.ts';
import * as repo from '../wallet.repository.ts';
import type { WalletDeps } from '../wallet-deps.ts';

/**
 * The stored name of a private upload (a deposit proof): with `ownerId`, only that user's own
 * (staff read every one). Anything else answers as missing.
 */
export async function findPrivateFile(
  deps: Pick<WalletDeps, 'db'>,
  input: { name: string; ownerId?: number },
) {
  const row = STORED_IMAGE_NAME.test(input.name) ? await repo.findUpload(deps.db, input.name) : null;
  if (!row || (input.ownerId !== undefined && row.ownerId !== input.ownerId))
    throw new AppError('FILE_NOT_FOUND');
  return row.name;
}
