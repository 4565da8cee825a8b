import {
  accountLogCall,
  bindDrawMethodCall,
  chargeInfoCall,
  chargeSubmitCall,
  chargeSymbolsCall,
  deleteDrawMethodCall,
  depositRecordsCall,
  drawCall,
  drawListCall,
  drawSymbolListCall,
  getDrawMethodCall,
  imageUploadCall,
  wireInfoCall,
  wireSubmitCall,
} from '@meridian/contracts';
import type { Language } from '@meridian/i18n';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call.ts';
import { AppError } from '../../lib/app-error.ts';
import { sendPrivateFile } from '../uploads/private-file.ts';
import { bindWithdrawalMethod } from './operations/bind-withdrawal-method.ts';
import { declareCoinDeposit } from './operations/declare-coin-deposit.ts';
import { declareWireDeposit } from './operations/declare-wire-deposit.ts';
import { deleteWithdrawalMethod } from './operations/delete-withdrawal-method.ts';
import { findPrivateFile } from './operations/find-private-file.ts';
import { listAccountHistory } from './operations/list-account-history.ts';
import { listBankAccounts } from './operations/list-bank-accounts.ts';
import { listBankChannels } from './operations/list-bank-channels.ts';
import { listCoinOptions } from './operations/list-coin-options.ts';
import { listDeposits } from './operations/list-deposits.ts';
import { listWithdrawalCurrencies } from './operations/list-withdrawal-currencies.ts';
import { listWithdrawalMethods } from './operations/list-withdrawal-methods.ts';
import { listWithdrawals } from './operations/list-withdrawals.ts';
import { requestWithdrawal } from './operations/request-withdrawal.ts';
import { uploadProofImage } from './operations/upload-proof-image.ts';
import type { WalletDeps } from './wallet-deps.ts';

/** The trader's wallet calls (DESIGN §7): history, deposits, withdrawal methods and withdrawals. */
export function walletRoutes(app: FastifyInstance, deps: WalletDeps) {
  // A request that moves money (DESIGN §4): a retry with the same Idempotency-Key answers once.
  const idempotentIn = deps.db;

  // ---- account history and uploads ----
  registerCall(app, accountLogCall, ({ user, query, req }) =>
    listAccountHistory(deps, { userId: user.userId, page: query.page, lang: req.lang as Language }),
  );
  registerCall(app, imageUploadCall, ({ user, req }) => uploadProofImage(deps, { userId: user.userId, req }));
  // Private files (deposit proofs, ID images): the owner only (staff read them through the staff API).
  app.get<{ Params: { name: string } }>(
    '/api/common/file/:name',
    { schema: { hide: true } },
    async (req, reply) => {
      const who = await req.authenticate();
      if (!who) throw new AppError('AUTH_SESSION_INVALID');
      const name = await findPrivateFile(deps, { name: req.params.name, reader: { userId: who.userId } });
      return sendPrivateFile(reply, deps.privateUploadDir, name);
    },
  );

  // ---- deposits ----
  registerCall(app, chargeInfoCall, ({ user }) => listCoinOptions(deps, { userId: user.userId }));
  registerCall(
    app,
    chargeSubmitCall,
    ({ user, query }) =>
      declareCoinDeposit(deps, {
        userId: user.userId,
        amount: query.number,
        optionId: query.charge_id,
        address: query.address,
        proofUrl: query.proofImg,
      }),
    { msgKey: 'ok.deposit_submitted', idempotentIn },
  );
  registerCall(app, chargeSymbolsCall, ({ user }) => listBankChannels(deps, { userId: user.userId }));
  registerCall(app, wireInfoCall, ({ user, query }) =>
    listBankAccounts(deps, { userId: user.userId, channelId: query.bank_coin }),
  );
  registerCall(
    app,
    wireSubmitCall,
    ({ user, query }) =>
      declareWireDeposit(deps, {
        userId: user.userId,
        amount: query.number,
        bankAccountId: query.wire_id,
        proofUrl: query.proofImg,
      }),
    { msgKey: 'ok.deposit_submitted', idempotentIn },
  );
  registerCall(app, depositRecordsCall, ({ user, query }) =>
    listDeposits(deps, { userId: user.userId, type: query.type, page: query.page }),
  );

  // ---- withdrawal methods ----
  registerCall(app, drawSymbolListCall, ({ user, query }) =>
    listWithdrawalCurrencies(deps, { userId: user.userId, type: query.type }),
  );
  registerCall(app, getDrawMethodCall, ({ user, query }) =>
    listWithdrawalMethods(deps, { userId: user.userId, type: query.draw_type, currencyId: query.draw_id }),
  );
  registerCall(
    app,
    bindDrawMethodCall,
    ({ user, body }) => bindWithdrawalMethod(deps, { userId: user.userId, method: body }),
    { msgKey: 'ok.method_bound' },
  );
  registerCall(
    app,
    deleteDrawMethodCall,
    ({ user, body }) => deleteWithdrawalMethod(deps, { userId: user.userId, id: body.id }),
    { msgKey: 'ok.method_deleted' },
  );

  // ---- withdrawals ----
  registerCall(
    app,
    drawCall,
    ({ req, user, body }) =>
      requestWithdrawal(deps, {
        userId: user.userId,
        amount: body.number,
        currencyId: body.draw_currency_id,
        methodId: body.draw_method_id,
        memo: body.memo,
        log: req.log,
      }),
    { msgKey: 'ok.withdrawal_submitted', idempotentIn },
  );
  registerCall(app, drawListCall, ({ user, query, req }) =>
    listWithdrawals(deps, {
      userId: user.userId,
      type: query.type,
      page: query.page,
      lang: req.lang as Language,
    }),
  );
}
