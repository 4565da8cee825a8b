import { depositRecordDto } from '../deposit.mapper.ts';
import { realUser } from '../real-user.ts';
import * as repo from '../wallet.repository.ts';
import type { WalletDeps } from '../wallet-deps.ts';
import { WALLET_PAGE_SIZE } from '../wallet-page.ts';

/** The user's deposits of one type (coin or bank), newest first. */
export async function listDeposits(
  deps: Pick<WalletDeps, 'db'>,
  input: { userId: number; type: number; page: number },
) {
  const { userId, type, page } = input;
  await realUser(deps.db, userId);
  const { rows, total } = await repo.userDeposits(deps.db, userId, type, page, WALLET_PAGE_SIZE);
  return { list: rows.map(depositRecordDto), total };
}
