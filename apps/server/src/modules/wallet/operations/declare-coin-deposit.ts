import { AppError } from '../../../lib/app-error.ts';
import { recordCitedDeposit } from '../deposit-proof.ts';
import { realUser } from '../real-user.ts';
import * as repo from '../wallet.repository.ts';
import { amountOf } from '../wallet-amount.ts';
import type { WalletDeps } from '../wallet-deps.ts';

/** Records a coin deposit the user says they sent, with its proof, for staff to review. */
export async function declareCoinDeposit(
  deps: Pick<WalletDeps, 'db' | 'now'>,
  input: { userId: number; amount: string; optionId: number | undefined; address: string; proofUrl: string },
) {
  await realUser(deps.db, input.userId);
  const amount = amountOf(input.amount);
  const option = input.optionId ? await repo.findCoinOption(deps.db, input.optionId) : null;
  if (!option?.enabled) throw new AppError('WALLET_OPTION_NOT_FOUND');
  await recordCitedDeposit(deps, input.userId, input.proofUrl, {
    type: 0,
    amount: amount.toFixed(2),
    currencyCode: option.protocolCode ? `${option.currencyCode}-${option.protocolCode}` : option.currencyCode,
    address: input.address,
    coinOptionId: option.id,
  });
  return null;
}
