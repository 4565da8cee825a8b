import { createReadStream } from 'node:fs';
import path from 'node:path';
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
import {
  decimalAtLeast,
  LEDGER_TYPE,
  money,
  parseWithdrawalAmount,
  quoteWithdrawal,
  receivedText,
  zoneOffsetMs,
} from '@meridian/domain';
import type { Language } from '@meridian/i18n';
import { translate } from '@meridian/i18n/node';
import type { FastifyInstance } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { TradingEngine } from '../../engine/trading-engine.ts';
import { AppError } from '../../lib/app-error.ts';
import { registerCall } from '../../lib/register-call.ts';
import { findUserById } from '../account/user.repository.ts';
import { readUploadedFile, STORED_IMAGE_NAME, storeImage } from '../uploads/image-upload.ts';
import * as repo from './wallet.repository.ts';
import {
  inWithdrawalLane,
  settleIfFailed,
  settleWithdrawal,
  USED_FOR_LOSS_REMARK,
} from './wallet-settlement.ts';
import { destinationText, payoutOf } from './withdrawal-destination.ts';

export interface WalletDeps {
  db: Db;
  now: () => number;
  engine: TradingEngine;
  /** Private uploads (deposit proofs): only the owner and staff may read them. */
  privateUploadDir: string;
}

const PAGE = 20;
const pad = (n: number) => String(n).padStart(2, '0');
/** yyyy-MM-dd HH:mm:ss in London time (the product's display zone, spec §9). */
export function londonText(d: Date): string {
  const t = new Date(d.getTime() + zoneOffsetMs(d.getTime()));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`;
}
/** A ledger movement as history shows it: every decimal it has, at least 2; zero as '0.00', never '-0.00'. */
export const ledgerValueText = (v: ReturnType<typeof money>) =>
  v.isZero() ? '0.00' : decimalAtLeast(v.toFixed(), 2);
export const fileUrl = (name: string) => `/api/common/file/${name}`;
const MIME: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** The amount a user typed, exact: at most 2 decimals, above 0. */
function amountOf(text: string) {
  if (!text) throw new AppError('WALLET_AMOUNT_REQUIRED');
  const a = parseWithdrawalAmount(text);
  if (!a) throw new AppError('WALLET_AMOUNT_INVALID');
  return a;
}

export function walletRoutes(app: FastifyInstance, deps: WalletDeps) {
  const { db, engine } = deps;

  /** Every wallet call is for real accounts only (DESIGN §7), checked here, not only in the client. */
  async function realUser(userId: number) {
    const u = await findUserById(db, userId);
    if (!u) throw new AppError('AUTH_SESSION_INVALID');
    if (u.isDemo) throw new AppError('WALLET_DEMO_REFUSED');
    return u;
  }

  // ---- account history (demo accounts see their trading history too) ----
  registerCall(app, accountLogCall, async ({ user, query, req }) => {
    const { rows, total } = await repo.ledgerPage(db, user.userId, query.page, PAGE);
    return {
      list: rows.map((e) => ({
        Id: e.id,
        // A payout leaves from the frozen amount: show it leaving (the request already moved it there).
        // Exact, at least 2 decimals: a trading fee of 0.349653 rounded to 0.35 made the entries
        // add up to a cent more or less than the balance (DECISIONS 'Money on the wire').
        Value: ledgerValueText(
          money(e.balanceDelta).plus(
            e.type === LEDGER_TYPE.WITHDRAWAL_PAID ? money(e.lockDelta) : money('0'),
          ),
        ),
        Type: e.type,
        Memo: e.memo,
        MemoTran: translate(req.lang as Language, `ledger.type_${e.type}`),
        CreatedAtTran: londonText(e.createdAt),
      })),
      total,
    };
  });

  // ---- uploads ----
  registerCall(app, imageUploadCall, async ({ user, req }) => {
    await realUser(user.userId);
    const data = await readUploadedFile(req);
    const stored = await storeImage(data, deps.privateUploadDir, { maxSide: 2400 });
    await repo.insertUpload(db, {
      name: stored.name,
      ownerId: user.userId,
      mime: stored.mime,
      createdAt: new Date(deps.now()),
    });
    return { url: fileUrl(stored.name) };
  });

  // Private files: the owner only (staff read them through the staff API).
  app.get<{ Params: { name: string } }>(
    '/api/common/file/:name',
    { schema: { hide: true } },
    async (req, reply) => {
      const who = await req.authenticate();
      if (!who) throw new AppError('AUTH_SESSION_INVALID');
      const row = STORED_IMAGE_NAME.test(req.params.name) ? await repo.findUpload(db, req.params.name) : null;
      if (!row || row.ownerId !== who.userId) throw new AppError('FILE_NOT_FOUND');
      return sendPrivateFile(reply, deps.privateUploadDir, row.name);
    },
  );

  /** A proof must be an image this user uploaded. */
  async function proofName(userId: number, url: string) {
    if (!url) throw new AppError('WALLET_PROOF_REQUIRED');
    const name = url.split('/').pop() ?? '';
    const row =
      STORED_IMAGE_NAME.test(name) && url === fileUrl(name) ? await repo.findUpload(db, name) : null;
    if (!row || row.ownerId !== userId) throw new AppError('WALLET_PROOF_INVALID');
    return name;
  }

  /**
   * Records a deposit citing `proof` unless another live deposit cites it: one transfer's proof
   * backing two requests could be approved twice (staff see each request on its own).
   */
  async function onceCited(proof: string, insert: (tx: DbOrTx) => Promise<unknown>) {
    await db.transaction(async (tx) => {
      if (await repo.proofInUse(tx, proof)) throw new AppError('WALLET_PROOF_IN_USE');
      await insert(tx);
    });
  }

  // ---- deposits ----
  registerCall(app, chargeInfoCall, async ({ user }) => {
    await realUser(user.userId);
    return (await repo.listCoinOptions(db)).map((c) => ({
      id: c.id,
      address: c.address,
      currency_code: c.currencyCode,
      protocol_code: c.protocolCode,
      label: c.protocolCode ? `${c.currencyCode}-${c.protocolCode}` : c.currencyCode,
    }));
  });

  registerCall(
    app,
    chargeSubmitCall,
    async ({ user, query }) => {
      await realUser(user.userId);
      const amount = amountOf(query.number);
      const option = query.charge_id ? await repo.findCoinOption(db, query.charge_id) : null;
      if (!option?.enabled) throw new AppError('WALLET_OPTION_NOT_FOUND');
      const proof = await proofName(user.userId, query.proofImg);
      await onceCited(proof, (tx) =>
        repo.insertDeposit(tx, {
          userId: user.userId,
          type: 0,
          amount: amount.toFixed(2),
          currencyCode: option.protocolCode
            ? `${option.currencyCode}-${option.protocolCode}`
            : option.currencyCode,
          address: query.address,
          coinOptionId: option.id,
          proofFile: proof,
          createdAt: new Date(deps.now()),
        }),
      );
      return null;
    },
    // A request that moves money (DESIGN §4): a retry with the same Idempotency-Key answers once.
    { msgKey: 'ok.deposit_submitted', idempotentIn: db },
  );

  registerCall(app, chargeSymbolsCall, async ({ user }) => {
    await realUser(user.userId);
    return (await repo.listBankChannels(db)).map((c) => ({ id: c.id, name: c.name }));
  });

  registerCall(app, wireInfoCall, async ({ user, query }) => {
    await realUser(user.userId);
    const channel = query.bank_coin ? await repo.findBankChannel(db, query.bank_coin) : null;
    if (query.bank_coin && !channel?.enabled) return [];
    return (await repo.listBankAccounts(db, query.bank_coin)).map((a) => ({
      id: a.id,
      bank_name: a.bankName,
      bank_address: a.bankAddress,
      bank_swift: a.bankSwift,
      payee_name: a.payeeName,
      payee_account: a.payeeAccount,
      bank_remark: a.bankRemark,
    }));
  });

  registerCall(
    app,
    wireSubmitCall,
    async ({ user, query }) => {
      await realUser(user.userId);
      const amount = amountOf(query.number);
      const account = query.wire_id ? await repo.findBankAccount(db, query.wire_id) : null;
      if (!account?.enabled) throw new AppError('WALLET_NO_PAY_WAY');
      // A channel staff switched off takes no deposits, whatever its accounts say.
      const channel = await repo.findBankChannel(db, account.channelId);
      if (!channel?.enabled) throw new AppError('WALLET_NO_PAY_WAY');
      const proof = await proofName(user.userId, query.proofImg);
      await onceCited(proof, (tx) =>
        repo.insertDeposit(tx, {
          userId: user.userId,
          type: 1,
          amount: amount.toFixed(2),
          currencyCode: channel.name,
          address: `${account.bankName} ${account.payeeAccount}`,
          bankAccountId: account.id,
          proofFile: proof,
          createdAt: new Date(deps.now()),
        }),
      );
      return null;
    },
    // A request that moves money (DESIGN §4): a retry with the same Idempotency-Key answers once.
    { msgKey: 'ok.deposit_submitted', idempotentIn: db },
  );

  registerCall(app, depositRecordsCall, async ({ user, query }) => {
    await realUser(user.userId);
    const { rows, total } = await repo.userDeposits(db, user.userId, query.type, query.page, PAGE);
    return {
      list: rows.map((d) => ({
        id: d.id,
        number: money(d.amount).toFixed(2),
        type: d.type,
        currency_code: d.currencyCode,
        // A review being applied still shows as unchecked to the user.
        status: d.status === 5 ? 0 : d.status,
        created_at: londonText(d.createdAt),
        remark: d.remark,
        proof_img: fileUrl(d.proofFile),
        address: d.address,
      })),
      total,
    };
  });

  // ---- withdrawal methods ----
  const methodDto = (m: repo.DrawMethodRow, c: repo.DrawCurrencyRow) => ({
    id: m.id,
    type: m.type,
    dc_address: m.dcAddress,
    network: m.network,
    payee_account: m.payeeAccount,
    payee_name: m.payeeName,
    payee: m.payee,
    bank_name: m.bankName,
    bank_address: m.bankAddress,
    bank_swift: m.bankSwift,
    receipt_currency: m.receiptCurrency,
    bank_remark: m.bankRemark,
    draw_currency: { id: c.id, code: c.code, protocol: c.protocol },
  });

  registerCall(app, drawSymbolListCall, async ({ user, query }) => {
    await realUser(user.userId);
    return (await repo.listDrawCurrencies(db, query.type)).map((c) => ({
      id: c.id,
      code: c.code,
      protocol: c.protocol,
      draw_rate: money(c.drawRate).toFixed(),
      fee_type: c.feeType,
      usd_price: money(c.usdPrice).toFixed(),
    }));
  });

  registerCall(app, getDrawMethodCall, async ({ user, query }) => {
    await realUser(user.userId);
    return (await repo.userMethods(db, user.userId, query.draw_type, query.draw_id)).map(({ m, c }) =>
      methodDto(m, c),
    );
  });

  registerCall(
    app,
    bindDrawMethodCall,
    async ({ user, body }) => {
      await realUser(user.userId);
      const currency = await repo.findDrawCurrency(db, body.draw_id);
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
      const m = await repo.insertMethod(db, {
        userId: user.userId,
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
      return methodDto(m, currency);
    },
    { msgKey: 'ok.method_bound' },
  );

  registerCall(
    app,
    deleteDrawMethodCall,
    async ({ user, body }) => {
      await realUser(user.userId);
      // Another user's id answers exactly like a missing one.
      const gone = await repo.deleteMethod(db, body.id, user.userId, new Date(deps.now()));
      if (!gone) throw new AppError('WALLET_METHOD_NOT_FOUND');
      return null;
    },
    { msgKey: 'ok.method_deleted' },
  );

  // ---- withdrawals ----
  registerCall(
    app,
    drawCall,
    async ({ req, user, body }) => {
      await realUser(user.userId);
      const amount = amountOf(body.number);
      const currency = await repo.findDrawCurrency(db, body.draw_currency_id);
      if (!currency?.enabled) throw new AppError('WALLET_CURRENCY_NOT_FOUND');
      const method = await repo.findMethod(db, body.draw_method_id);
      if (!method || method.userId !== user.userId || method.deletedAt)
        throw new AppError('WALLET_METHOD_NOT_FOUND');
      if (method.drawCurrencyId !== currency.id) throw new AppError('WALLET_METHOD_NOT_BOUND');
      if (amount.lt(money(currency.minAmount)))
        throw new AppError('WALLET_AMOUNT_BELOW_MIN', { min: money(currency.minAmount).toFixed(2) });
      const q = quoteWithdrawal(amount, {
        feeType: currency.feeType,
        drawRate: currency.drawRate,
        usdPrice: currency.usdPrice,
      });
      // Nothing would arrive (the fee takes it all, or less than one step of the currency is left).
      if (q.fee.gte(amount) || !q.received.gt(0)) throw new AppError('WALLET_FEE_EXCEEDS');
      // The row first (status -1), then the freeze keyed by its id: a crash in between is
      // settled at start from the ledger (the freeze happened or it did not). In the user's
      // withdrawal lane: a settlement after a covered loss never sees the request half made.
      await inWithdrawalLane(user.userId, async () => {
        const w = await repo.insertWithdrawal(db, {
          userId: user.userId,
          drawCurrencyId: currency.id,
          drawMethodId: method.id,
          type: currency.type,
          amount: amount.toFixed(2),
          fee: q.fee.toFixed(2),
          received: q.received.toFixed(q.receivedDecimals),
          currencyCode: currency.protocol ? `${currency.code}-${currency.protocol}` : currency.code,
          destination: destinationText(method),
          payout: payoutOf(method),
          memo: body.memo,
          status: -1,
          createdAt: new Date(deps.now()),
        });
        const frozen = await settleIfFailed(
          req.log,
          () => settleWithdrawal(db, w),
          () => engine.freezeForWithdrawal(user.userId, amount, w.id),
        );
        if (!frozen.ok) {
          await repo.transitionWithdrawal(db, w.id, -1, { status: -2 });
          if ('unpriced' in frozen) throw new AppError('ORDER_PRICE_UNAVAILABLE');
          throw new AppError('WALLET_AMOUNT_ABOVE_FREE', { free: frozen.free.toFixed(2) });
        }
        await repo.transitionWithdrawal(db, w.id, -1, { status: 0 });
      });
      return null;
    },
    // A request that moves money (DESIGN §4): a retry with the same Idempotency-Key answers once.
    { msgKey: 'ok.withdrawal_submitted', idempotentIn: db },
  );

  registerCall(app, drawListCall, async ({ user, query, req }) => {
    await realUser(user.userId);
    const { rows, total } = await repo.userWithdrawals(db, user.userId, query.type, query.page, PAGE);
    return {
      list: rows.map((w) => {
        const status = w.status === 8 || w.status === 9 ? 0 : w.status;
        return {
          id: w.id,
          number: money(w.amount).toFixed(2),
          real_number: receivedText(w.received),
          fee: money(w.fee).toFixed(2),
          status,
          status_name: translate(req.lang as Language, `wallet.draw_status_${status}`),
          created_at: londonText(w.createdAt),
          type: w.type,
          address: w.type === 1 ? w.destination : '',
          payee_account: w.type === 2 ? w.destination : '',
          notes: w.memo,
          // The settlement's own note is a code, told in the trader's language.
          remark:
            w.remark === USED_FOR_LOSS_REMARK
              ? translate(req.lang as Language, 'wallet.remark_used_for_loss')
              : (w.remark ?? ''),
          draw_currency: { code: w.currencyCode },
        };
      }),
      total,
    };
  });
}

/** Sends a private image as stored (random name, known type), never sniffed, never cached by others. */
export function sendPrivateFile(reply: import('fastify').FastifyReply, dir: string, name: string) {
  const ext = name.split('.').pop()!;
  return reply
    .header('content-type', MIME[ext] ?? 'application/octet-stream')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'")
    .header('cache-control', 'private, no-store')
    .send(createReadStream(path.join(dir, name)));
}
