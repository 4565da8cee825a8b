import type { Db } from '../../../db/client.ts';
import * as repo from '../wallet.repository.ts';
import { inWithdrawalLane, settleDeposit, settleWithdrawal } from '../wallet-settlement.ts';

/** At start: finish wallet rows a crash left mid-way, from what the ledger says happened. */
export async function settleUnfinishedWallet(db: Db) {
  const { deposits, withdrawals } = await repo.unfinishedWalletRows(db);
  for (const d of deposits) await settleDeposit(db, d.id);
  // In the user's lane: a settlement after a loss the rebuild just decided may run meanwhile.
  for (const w of withdrawals) await inWithdrawalLane(w.userId, () => settleWithdrawal(db, w));
  return deposits.length + withdrawals.length;
}
