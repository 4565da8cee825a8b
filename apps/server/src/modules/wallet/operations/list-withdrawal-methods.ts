import { realUser } from '../real-user.ts';
import * as repo from '../wallet.repository.ts';
import type { WalletDeps } from '../wallet-deps.ts';
import { withdrawalMethodDto } from '../withdrawal-method.mapper.ts';

/** The user's bound withdrawal methods of one type (for one currency, if named), newest first. */
export async function listWithdrawalMethods(
  deps: Pick<WalletDeps, 'db'>,
  input: { userId: number; type: number; currencyId: number | undefined },
) {
  await realUser(deps.db, input.userId);
  return (await repo.userMethods(deps.db, input.userId, input.type, input.currencyId)).map(({ m, c }) =>
    withdrawalMethodDto(m, c),
  );
}
