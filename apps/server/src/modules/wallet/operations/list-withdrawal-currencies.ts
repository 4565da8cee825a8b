import { money } from '@meridian/domain';
import { realUser } from '../real-user.ts';
import * as repo from '../wallet.repository.ts';
import type { WalletDeps } from '../wallet-deps.ts';

/** The currencies a user may withdraw in (coins or bank), with their fees. */
export async function listWithdrawalCurrencies(
  deps: Pick<WalletDeps, 'db'>,
  input: { userId: number; type: number },
) {
  await realUser(deps.db, input.userId);
  return (await repo.listDrawCurrencies(deps.db, input.type)).map((c) => ({
    id: c.id,
    code: c.code,
    protocol: c.protocol,
    draw_rate: money(c.drawRate).toFixed(),
    fee_type: c.feeType,
    usd_price: money(c.usdPrice).toFixed(),
  }));
}
