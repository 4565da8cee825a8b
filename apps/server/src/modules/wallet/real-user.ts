import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findUserById } from '../account/user.repository.ts';

/** Every wallet call is for real accounts only (DESIGN §7), checked here, not only in the client. */
export async function realUser(db: DbOrTx, userId: number) {
  const u = await findUserById(db, userId);
  if (!u) throw new AppError('AUTH_SESSION_INVALID');
  if (u.isDemo) throw new AppError('WALLET_DEMO_REFUSED');
  return u;
}
