import type { bindDrawMethodCall } from '@meridian/contracts';
import type { CallContext } from '../../../http/register-call.ts';
import { AppError } from '../../../lib/app-error.ts';
import { realUser } from '../real-user.ts';
import * as repo from '../wallet.repository.ts';
import type { WalletDeps } from '../wallet-deps.ts';
import { withdrawalMethodDto } from '../withdrawal-method.mapper.ts';

/** Binds a coin address (type 1) or a bank account (type 2) the user will withdraw a currency to. */
export async function bindWithdrawalMethod(
  deps: Pick<WalletDeps, 'db' | 'now'>,
  input: { userId: number; method: CallContext<typeof bindDrawMethodCall>['body'] },
) {
  const { userId, method: body } = input;
  await realUser(deps.db, userId);
  const currency = await repo.findDrawCurrency(deps.db, body.draw_id);
  if (!currency?.enabled || currency.type !== body.type) throw new AppError('WALLET_CURRENCY_NOT_FOUND');
  const complete =
    body.type === 1
      ? body.dc_address.length >= 10 && /^[A-Za-z0-9:_-]+$/.test(body.dc_address)
      : !!(body.bank_name && body.payee_name && body.payee_account.length >= 4);
  if (!complete) throw new AppError('WALLET_METHOD_INCOMPLETE');
  // The currency is paid on its own network: an address on another one would be charged this
  // network's fee and, sent on this one, lose the trader's funds.
  const network = body.type === 1 ? (body.network ?? '').trim() || currency.protocol : '';
  if (body.type === 1 && currency.protocol && network.toUpperCase() !== currency.protocol.toUpperCase())
    throw new AppError('WALLET_NETWORK_MISMATCH', { network: currency.protocol });
  const m = await repo.insertMethod(deps.db, {
    userId,
    drawCurrencyId: currency.id,
    type: body.type,
    dcAddress: body.type === 1 ? body.dc_address : '',
    network: body.type === 1 ? currency.protocol || network : '',
    payee: body.payee,
    bankName: body.bank_name,
    bankAddress: body.bank_address,
    bankSwift: body.bank_swift,
    payeeName: body.payee_name,
    payeeAccount: body.payee_account,
    receiptCurrency: body.receipt_currency || currency.code,
    bankRemark: body.bank_remark,
    createdAt: new Date(deps.now()),
  });
  return withdrawalMethodDto(m, currency);
}
