import { reconcileLedger } from '../../ledger/ledger.repository.ts';
import type { BackofficeDeps } from '../backoffice-deps.ts';

/** The ledger reconciliation (DESIGN §2), run when asked: every account's figures against its entries. */
export async function runReconciliation(deps: Pick<BackofficeDeps, 'db' | 'now'>) {
  const checkedAt = new Date(deps.now()).toISOString();
  return { checkedAt, ...(await reconcileLedger(deps.db)) };
}
