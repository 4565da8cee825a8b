import { staffDepositDto } from '../deposit.mapper.ts';
import { ownersOf } from '../review-owners.ts';
import * as repo from '../wallet.repository.ts';
import type { WalletDeps } from '../wallet-deps.ts';

/** Deposits in one status (of one user, if named by uid), newest first, for staff review. */
export async function listStaffDeposits(
  deps: Pick<WalletDeps, 'db'>,
  input: { status: number; uid?: string | undefined; page: number; pageSize: number },
) {
  const { rows, total } = await repo.depositsByStatus(
    deps.db,
    input.status,
    input.uid,
    input.page,
    input.pageSize,
  );
  const owners = await ownersOf(
    deps.db,
    rows.map((r) => r.userId),
  );
  return { rows: rows.map((r) => staffDepositDto(r, owners.get(r.userId)?.uid ?? '')), total };
}
