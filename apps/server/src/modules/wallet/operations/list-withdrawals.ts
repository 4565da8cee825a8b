import type { Language } from '@meridian/i18n';
import { realUser } from '../real-user.ts';
import * as repo from '../wallet.repository.ts';
import type { WalletDeps } from '../wallet-deps.ts';
import { WALLET_PAGE_SIZE } from '../wallet-page.ts';
import { withdrawalRecordDto } from '../withdrawal.mapper.ts';

/** The user's withdrawals of one type (coin or bank), newest first, in their language. */
export async function listWithdrawals(
  deps: Pick<WalletDeps, 'db'>,
  input: { userId: number; type: number; page: number; lang: Language },
) {
  const { userId, type, page } = input;
  await realUser(deps.db, userId);
  const { rows, total } = await repo.userWithdrawals(deps.db, userId, type, page, WALLET_PAGE_SIZE);
  return { list: rows.map((w) => withdrawalRecordDto(w, input.lang)), total };
}
