import { ownersOf } from '../review-owners.ts';
import * as repo from '../wallet.repository.ts';
import type { WalletDeps } from '../wallet-deps.ts';
import { staffWithdrawalDto } from '../withdrawal.mapper.ts';

/** Withdrawals in one status (of one user, if named by uid), newest first, for staff review. */
export async function listStaffWithdrawals(
  deps: Pick<WalletDeps, 'db'>,
  input: { status: number; uid?: string | undefined; page: number; pageSize: number },
) {
  const { rows, total } = await repo.withdrawalsByStatus(
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
  return { rows: rows.map((r) => staffWithdrawalDto(r, owners.get(r.userId))), total };
}
