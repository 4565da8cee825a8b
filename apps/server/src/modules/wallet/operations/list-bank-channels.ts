import { realUser } from '../real-user.ts';
import * as repo from '../wallet.repository.ts';
import type { WalletDeps } from '../wallet-deps.ts';

/** The bank channels (wire currencies) a user may deposit through. */
export async function listBankChannels(deps: Pick<WalletDeps, 'db'>, input: { userId: number }) {
  await realUser(deps.db, input.userId);
  return (await repo.listBankChannels(deps.db)).map((c) => ({ id: c.id, name: c.name }));
}
