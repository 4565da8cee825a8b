import type { StaffRole } from '@meridian/contracts';
import { AppError } from '../../../lib/app-error.ts';
import { STORED_IMAGE_NAME } from '../../uploads/image-upload.ts';
import { staffMayRead } from '../../uploads/private-file.ts';
import { findUpload } from '../../uploads/uploads.repository.ts';
import type { WalletDeps } from '../wallet-deps.ts';

/** Who asks for a private file: a trader (their own files only) or a member of staff (by role and kind). */
export type FileReader = { userId: number } | { staffRole: StaffRole };

/**
 * The stored name of a private upload the reader may see: a trader their own (a deposit proof or
 * an ID image), staff the kinds their role reads (ID images compliance only). Anything else, a
 * guessed name included, answers as missing: whether a file exists is not told either.
 */
export async function findPrivateFile(
  deps: Pick<WalletDeps, 'db'>,
  input: { name: string; reader: FileReader },
) {
  const row = STORED_IMAGE_NAME.test(input.name) ? await findUpload(deps.db, input.name) : null;
  const { reader } = input;
  const allowed =
    row !== null &&
    ('userId' in reader ? row.ownerId === reader.userId : staffMayRead(reader.staffRole, row.kind));
  if (!allowed) throw new AppError('FILE_NOT_FOUND');
  return row.name;
}
