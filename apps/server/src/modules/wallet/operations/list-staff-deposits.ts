import { deposits } from '../../../db/schema.ts';
import { staffDepositDto } from '../deposit.mapper.ts';
import { reviewQueuePage } from '../review-queue.ts';
import type { WalletDeps } from '../wallet-deps.ts';

/** Deposits in one status (of one user, if named by uid), newest first, for staff review. */
export function listStaffDeposits(
  deps: Pick<WalletDeps, 'db'>,
  input: { status: number; uid?: string | undefined; page: number; pageSize: number },
) {
  return reviewQueuePage(deps.db, deposits, input, staffDepositDto);
}
