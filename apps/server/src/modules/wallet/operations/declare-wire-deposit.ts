import { AppError } from '../../../lib/app-error.ts';
import { recordCitedDeposit } from '../deposit-proof.ts';
import { realUser } from '../real-user.ts';
import * as repo from '../wallet.repository.ts';
import { amountOf } from '../wallet-amount.ts';
import type { WalletDeps } from '../wallet-deps.ts';

/** Records a bank wire the user says they sent, with its proof, for staff to review. */
export async function declareWireDeposit(
  deps: Pick<WalletDeps, 'db' | 'now'>,
  input: { userId: number; amount: string; bankAccountId: number | undefined; proofUrl: string },
) {
  await realUser(deps.db, input.userId);
  const amount = amountOf(input.amount);
  const account = input.bankAccountId ? await repo.findBankAccount(deps.db, input.bankAccountId) : null;
  if (!account?.enabled) throw new AppError('WALLET_NO_PAY_WAY');
  // A channel staff switched off takes no deposits, whatever its accounts say.
  const channel = await repo.findBankChannel(deps.db, account.channelId);
  if (!channel?.enabled) throw new AppError('WALLET_NO_PAY_WAY');
  await recordCitedDeposit(deps, input.userId, input.proofUrl, {
    type: 1,
    amount: amount.toFixed(2),
    currencyCode: channel.name,
    address: `${account.bankName} ${account.payeeAccount}`,
    bankAccountId: account.id,
  });
  return null;
}
