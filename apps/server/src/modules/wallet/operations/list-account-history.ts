import type { Language } from '@meridian/i18n';
import { ledgerEntryDto } from '../ledger-entry.mapper.ts';
import * as repo from '../wallet.repository.ts';
import type { WalletDeps } from '../wallet-deps.ts';
import { WALLET_PAGE_SIZE } from '../wallet-page.ts';

/** The user's ledger entries, newest first (demo accounts see their trading history too). */
export async function listAccountHistory(
  deps: Pick<WalletDeps, 'db'>,
  input: { userId: number; page: number; lang: Language },
) {
  const { rows, total } = await repo.ledgerPage(deps.db, input.userId, input.page, WALLET_PAGE_SIZE);
  return { list: rows.map((e) => ledgerEntryDto(e, input.lang)), total };
}
