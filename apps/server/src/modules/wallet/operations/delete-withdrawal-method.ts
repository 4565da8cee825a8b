import { AppError } from '../../../lib/app-error.ts';
import { realUser } from '../real-user.ts';
import * as repo from '../wallet.repository.ts';
import type { WalletDeps } from '../wallet-deps.ts';

/** Deletes one of the user's bound withdrawal methods (requests made with it keep their payout). */
export async function deleteWithdrawalMethod(
  deps: Pick<WalletDeps, 'db' | 'now'>,
  input: { userId: number; id: number },
) {
  await realUser(deps.db, input.userId);
  // Another user's id answers exactly like a missing one.
  const gone = await repo.deleteMethod(deps.db, input.id, input.userId, new Date(deps.now()));
  if (!gone) throw new AppError('WALLET_METHOD_NOT_FOUND');
  return null;
}
