import { withdrawals } from '../../../db/schema.ts';
import { reviewQueuePage } from '../review-queue.ts';
import type { WalletDeps } from '../wallet-deps.ts';
import { staffWithdrawalDto } from '../withdrawal.mapper.ts';

/** Withdrawals in one status (of one user, if named by uid), newest first, for staff review. */
export function listStaffWithdrawals(
  deps: Pick<WalletDeps, 'db'>,
  input: { status: number; uid?: string | undefined; page: number; pageSize: number },
) {
  return reviewQueuePage(deps.db, withdrawals, input, staffWithdrawalDto);
}
