import { realUser } from '../real-user.ts';
import * as repo from '../wallet.repository.ts';
import type { WalletDeps } from '../wallet-deps.ts';

/** The bank accounts a user may wire a deposit to (of one channel, if named). */
export async function listBankAccounts(
  deps: Pick<WalletDeps, 'db'>,
  input: { userId: number; channelId: number },
) {
  await realUser(deps.db, input.userId);
  const channel = input.channelId ? await repo.findBankChannel(deps.db, input.channelId) : null;
  if (input.channelId && !channel?.enabled) return [];
  return (await repo.listBankAccounts(deps.db, input.channelId)).map((a) => ({
    id: a.id,
    bank_name: a.bankName,
    bank_address: a.bankAddress,
    bank_swift: a.bankSwift,
    payee_name: a.payeeName,
    payee_account: a.payeeAccount,
    bank_remark: a.bankRemark,
  }));
}
