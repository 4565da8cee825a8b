import { realUser } from '../real-user.ts';
import * as repo from '../wallet.repository.ts';
import type { WalletDeps } from '../wallet-deps.ts';

/** The coins (and their networks) a user may deposit, with the address to send them to. */
export async function listCoinOptions(deps: Pick<WalletDeps, 'db'>, input: { userId: number }) {
  await realUser(deps.db, input.userId);
  return (await repo.listCoinOptions(deps.db)).map((c) => ({
    id: c.id,
    address: c.address,
    currency_code: c.currencyCode,
    protocol_code: c.protocolCode,
    label: c.protocolCode ? `${c.currencyCode}-${c.protocolCode}` : c.currencyCode,
  }));
}
