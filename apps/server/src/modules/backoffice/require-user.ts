import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findUser } from './backoffice.repository.ts';

/** The user a staff call acts on, or the call is refused as aimed at no one. */
export async function requireUser(db: DbOrTx, id: number) {
  const u = await findUser(db, id);
  if (!u) throw new AppError('STAFF_TARGET_NOT_FOUND');
  return u;
}
