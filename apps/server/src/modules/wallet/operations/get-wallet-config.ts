import * as repo from '../wallet.repository.ts';
import { bankAccountDto, bankChannelDto, coinOptionDto, drawCurrencyDto } from '../wallet-config.mapper.ts';
import type { WalletDeps } from '../wallet-deps.ts';

/** Every wallet settings row, enabled or not, for staff. */
export async function getWalletConfig(deps: Pick<WalletDeps, 'db'>) {
  return {
    coinOptions: (await repo.listCoinOptions(deps.db, true)).map(coinOptionDto),
    bankChannels: (await repo.listBankChannels(deps.db, true)).map(bankChannelDto),
    bankAccounts: (await repo.listBankAccounts(deps.db)).map(bankAccountDto),
    drawCurrencies: (await repo.listDrawCurrencies(deps.db)).map(drawCurrencyDto),
  };
}
