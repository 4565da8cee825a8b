import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findUserById } from '../account/user.repository.ts';

/** Real-name verification is for real accounts only (spec §2): a demo one is told to register. */
export async function realNameOwner(db: DbOrTx, userId: number) {
  const u = await findUserById(db, userId);
  if (!u) throw new AppError('AUTH_SESSION_INVALID');
  if (u.isDemo) throw new AppError('REAL_NAME_DEMO_REFUSED');
  return u;
}
