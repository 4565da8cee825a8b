import {
  staffDepositsCall,
  staffReviewDepositCall,
  staffReviewWithdrawalCall,
  staffSaveBankAccountCall,
  staffSaveBankChannelCall,
  staffSaveCoinOptionCall,
  staffSaveDrawCurrencyCall,
  staffWalletConfigCall,
  staffWithdrawalsCall,
  type WalletConfigKind,
} from '@meridian/contracts';
import { LEDGER_TYPE, money, receivedText } from '@meridian/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { bankAccounts, bankChannels, coinOptions, drawCurrencies } from '../../db/schema.ts';
import type { TradingEngine } from '../../engine/trading-engine.ts';
import { AppError } from '../../lib/app-error.ts';
import { type AuditEntry, registerStaffCall, resolveStaff } from '../../lib/register-staff-call.ts';
import { usersByIds } from '../backoffice/backoffice.repository.ts';
import { STORED_IMAGE_NAME } from '../uploads/image-upload.ts';
import * as repo from './wallet.repository.ts';
import { sendPrivateFile } from './wallet.routes.ts';
import {
  inWithdrawalLane,
  settleAgainstFrozenInLane,
  settleDeposit,
  settleIfFailed,
  settleWithdrawal,
  USED_FOR_LOSS_REMARK,
} from './wallet-settlement.ts';

export interface WalletReviewDeps {
  db: Db;
  now: () => number;
  engine: TradingEngine;
  privateUploadDir: string;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Staff review of deposits and withdrawals (DESIGN §7), each applied once: a review first claims
 * the row by moving it out of "waiting" in one conditional update (so of 20 concurrent approvals,
 * or an approval racing a rejection, exactly one proceeds), then moves money through the engine with
 * a ledger key named after the row, then records the final state. A failed move settles the row at
 * once, a crash between those steps at the next start, both from the ledger (wallet-settlement.ts).
 */
export function walletReviewRoutes(app: FastifyInstance, deps: WalletReviewDeps) {
  const { db, engine } = deps;

  /** The users of some reviewed rows, by id: their uid, and for withdrawals the holds on them. */
  async function usersOf(ids: number[]) {
    return new Map((await usersByIds(db, [...new Set(ids)])).map((u) => [u.id, u]));
  }
  const depositDto = (d: repo.DepositRow, uid: string) => ({
    id: d.id,
    userId: d.userId,
    uid,
    type: d.type,
    amount: money(d.amount).toFixed(2),
    currencyCode: d.currencyCode,
    address: d.address,
    proofUrl: `/admin-api/v1/files/${d.proofFile}`,
    status: d.status,
    remark: d.remark,
    reviewedBy: d.reviewedBy,
    createdAt: d.createdAt.toISOString(),
    reviewedAt: iso(d.reviewedAt),
  });
  type Holder = { uid: string; loginFrozen: boolean; tradingFrozen: boolean; frozenReason: string };
  const withdrawalDto = (w: repo.WithdrawalRow, user: Holder | undefined) => ({
    id: w.id,
    userId: w.userId,
    uid: user?.uid ?? '',
    // A compliance freeze does not stop a withdrawal request (DECISIONS 'Freezes'); staff paying it
    // see the hold and its reason where they decide.
    holds: {
      loginFrozen: user?.loginFrozen ?? false,
      tradingFrozen: user?.tradingFrozen ?? false,
      reason: user?.frozenReason ?? '',
    },
    type: w.type,
    amount: money(w.amount).toFixed(2),
    fee: money(w.fee).toFixed(2),
    received: receivedText(w.received),
    currencyCode: w.currencyCode,
    destination: w.destination,
    payout: w.payout ?? null,
    status: w.status,
    memo: w.memo,
    remark: w.remark,
    reviewedBy: w.reviewedBy,
    createdAt: w.createdAt.toISOString(),
    reviewedAt: iso(w.reviewedAt),
  });

  // Proof images for staff (finance, compliance, support and owner).
  app.get<{ Params: { name: string } }>(
    '/admin-api/v1/files/:name',
    { schema: { hide: true } },
    async (req, reply) => {
      await resolveStaff(deps, req, ['finance', 'compliance', 'support']);
      const row = STORED_IMAGE_NAME.test(req.params.name) ? await repo.findUpload(db, req.params.name) : null;
      if (!row) throw new AppError('FILE_NOT_FOUND');
      return sendPrivateFile(reply, deps.privateUploadDir, row.name);
    },
  );

  registerStaffCall(app, deps, staffDepositsCall, async ({ query }) => {
    const { rows, total } = await repo.depositsByStatus(
      db,
      query.status,
      query.uid,
      query.page,
      query.pageSize,
    );
    const users = await usersOf(rows.map((r) => r.userId));
    return { rows: rows.map((r) => depositDto(r, users.get(r.userId)?.uid ?? '')), total };
  });

  registerStaffCall(app, deps, staffReviewDepositCall, async ({ req, params, body, staff, audit }) => {
    const before = await repo.findDeposit(db, params.id);
    if (!before) throw new AppError('STAFF_TARGET_NOT_FOUND');
    const now = new Date(deps.now());
    const reviewed = { remark: body.reason, reviewedBy: staff.email, reviewedAt: now };
    let after: repo.DepositRow | null;
    if (body.action === 'approve') {
      const claimed = await repo.transitionDeposit(db, params.id, 0, { status: 5, ...reviewed });
      if (!claimed) throw new AppError('STAFF_ALREADY_REVIEWED');
      after = await settleIfFailed(
        req.log,
        () => settleDeposit(db, claimed.id),
        async () => {
          const credited = await engine.move({
            userId: claimed.userId,
            type: LEDGER_TYPE.DEPOSIT_CREDIT,
            balanceDelta: money(claimed.amount),
            memo: `deposit ${claimed.id}`,
            idempotencyKey: `deposit:${claimed.id}`,
          });
          if (!credited.ok) throw new Error(`credit of deposit ${claimed.id} refused`);
          return repo.transitionDeposit(db, params.id, 5, { status: 1 });
        },
      );
    } else {
      after = await repo.transitionDeposit(db, params.id, 0, {
        status: body.action === 'reject' ? 2 : 3,
        ...reviewed,
      });
      if (!after) throw new AppError('STAFF_ALREADY_REVIEWED');
    }
    const uid = (await usersOf([before.userId])).get(before.userId)?.uid ?? '';
    audit({
      action: `deposit.${body.action}`,
      targetType: 'deposit',
      targetId: params.id,
      before: depositDto(before, uid),
      after: depositDto(after!, uid),
    });
    return depositDto(after!, uid);
  });

  registerStaffCall(app, deps, staffWithdrawalsCall, async ({ query }) => {
    const { rows, total } = await repo.withdrawalsByStatus(
      db,
      query.status,
      query.uid,
      query.page,
      query.pageSize,
    );
    const users = await usersOf(rows.map((r) => r.userId));
    return { rows: rows.map((r) => withdrawalDto(r, users.get(r.userId))), total };
  });

  registerStaffCall(app, deps, staffReviewWithdrawalCall, async ({ req, params, body, staff, audit }) => {
    const before = await repo.findWithdrawal(db, params.id);
    if (!before) throw new AppError('STAFF_TARGET_NOT_FOUND');
    const pay = body.action === 'pay';
    // In the user's withdrawal lane: a settlement after a covered loss never reads the rows and the
    // frozen amount on either side of this review.
    const after = await inWithdrawalLane(before.userId, async () => {
      const claimed = await repo.transitionWithdrawal(db, params.id, 0, {
        status: pay ? 8 : 9,
        remark: body.reason,
        reviewedBy: staff.email,
        reviewedAt: new Date(deps.now()),
      });
      if (!claimed) throw new AppError('STAFF_ALREADY_REVIEWED');
      const amount = money(claimed.amount);
      try {
        return await settleIfFailed(
          req.log,
          () => settleWithdrawal(db, claimed),
          async () => {
            const moved = await engine.move(
              pay
                ? {
                    userId: claimed.userId,
                    type: LEDGER_TYPE.WITHDRAWAL_PAID,
                    balanceDelta: money('0'),
                    lockDelta: amount.negated(),
                    memo: `withdrawal ${claimed.id}`,
                    idempotencyKey: `withdraw-paid:${claimed.id}`,
                    // Below zero, the frozen money may be what covers the loss when the last
                    // position closes (negative balance protection): nothing is paid out of it.
                    notInDeficit: true,
                  }
                : {
                    userId: claimed.userId,
                    type: LEDGER_TYPE.WITHDRAWAL_REFUND,
                    balanceDelta: amount,
                    lockDelta: amount.negated(),
                    memo: `withdrawal ${claimed.id}`,
                    idempotencyKey: `withdraw-refund:${claimed.id}`,
                  },
            );
            if (!moved.ok && moved.deficit) throw new AppError('STAFF_WITHDRAWAL_DEFICIT');
            if (!moved.ok) throw new Error(`withdrawal ${claimed.id}: frozen amount missing`);
            return (await repo.transitionWithdrawal(db, params.id, pay ? 8 : 9, { status: pay ? 1 : 2 }))!;
          },
        );
      } catch (err) {
        // Its money may have covered a trading loss meanwhile (negative balance protection): the
        // requests are then settled against what stays frozen, and staff told it is done.
        await settleAgainstFrozenInLane(db, engine, claimed.userId, new Date(deps.now())).catch(
          (e: unknown) => {
            req.log.error(
              { err: e, userId: claimed.userId },
              'settling withdrawals against frozen money failed',
            );
            return 0;
          },
        );
        const now = await repo.findWithdrawal(db, params.id);
        if (now?.status === 2 && now.remark === USED_FOR_LOSS_REMARK)
          throw new AppError('STAFF_ALREADY_REVIEWED');
        throw err;
      }
    });
    const user = (await usersOf([before.userId])).get(before.userId);
    audit({
      action: `withdrawal.${body.action}`,
      targetType: 'withdrawal',
      targetId: params.id,
      before: withdrawalDto(before, user),
      after: withdrawalDto(after, user),
    });
    return withdrawalDto(after, user);
  });

  // ---- configuration ----
  const coinDto = (c: typeof coinOptions.$inferSelect) => ({
    id: c.id,
    currencyCode: c.currencyCode,
    protocolCode: c.protocolCode,
    address: c.address,
    enabled: c.enabled,
    sort: c.sort,
  });
  const channelDto = (c: typeof bankChannels.$inferSelect) => ({
    id: c.id,
    name: c.name,
    enabled: c.enabled,
    sort: c.sort,
  });
  const accountDto = (a: typeof bankAccounts.$inferSelect) => ({
    id: a.id,
    channelId: a.channelId,
    bankName: a.bankName,
    bankAddress: a.bankAddress,
    bankSwift: a.bankSwift,
    payeeName: a.payeeName,
    payeeAccount: a.payeeAccount,
    bankRemark: a.bankRemark,
    enabled: a.enabled,
  });
  const currencyDto = (c: typeof drawCurrencies.$inferSelect) => ({
    id: c.id,
    type: c.type,
    code: c.code,
    protocol: c.protocol,
    feeType: c.feeType,
    drawRate: money(c.drawRate).toFixed(),
    usdPrice: money(c.usdPrice).toFixed(),
    minAmount: money(c.minAmount).toFixed(2),
    enabled: c.enabled,
    sort: c.sort,
  });

  registerStaffCall(app, deps, staffWalletConfigCall, async () => ({
    coinOptions: (await repo.listCoinOptions(db, true)).map(coinDto),
    bankChannels: (await repo.listBankChannels(db, true)).map(channelDto),
    bankAccounts: (await repo.listBankAccounts(db)).map(accountDto),
    drawCurrencies: (await repo.listDrawCurrencies(db)).map(currencyDto),
  }));

  const saver =
    <T, R>(table: Parameters<typeof repo.saveRow>[1], kind: WalletConfigKind, dto: (row: T) => R) =>
    async ({
      body,
      audit,
    }: {
      body: { id?: number | undefined } & Record<string, unknown>;
      audit: (e: never) => void;
    }) => {
      const { id, ...values } = body;
      // Before and after in the audit (DESIGN §10): a deposit address or a fee changed by staff
      // must show what it was.
      const saved = (await db.transaction((tx) => repo.saveRow(tx, table, id, values))) as {
        before: T | null;
        after: T;
      } | null;
      if (!saved) throw new AppError('STAFF_TARGET_NOT_FOUND');
      const out = dto(saved.after);
      (audit as (e: AuditEntry) => void)({
        action: `wallet.${kind}.${id ? 'updated' : 'created'}`,
        targetType: kind,
        targetId: (out as { id: number }).id,
        before: saved.before === null ? null : dto(saved.before),
        after: out,
      });
      return out;
    };
  registerStaffCall(app, deps, staffSaveCoinOptionCall, saver(coinOptions, 'coin_option', coinDto) as never);
  registerStaffCall(
    app,
    deps,
    staffSaveBankChannelCall,
    saver(bankChannels, 'bank_channel', channelDto) as never,
  );
  registerStaffCall(app, deps, staffSaveBankAccountCall, async (ctx) => {
    if (!(await repo.findBankChannel(db, ctx.body.channelId))) throw new AppError('STAFF_TARGET_NOT_FOUND');
    return saver(bankAccounts, 'bank_account', accountDto)(ctx as never);
  });
  registerStaffCall(
    app,
    deps,
    staffSaveDrawCurrencyCall,
    saver(drawCurrencies, 'draw_currency', currencyDto) as never,
  );
}

/** At start: finish wallet rows a crash left mid-way, from what the ledger says happened. */
export async function settleUnfinishedWallet(db: Db) {
  const { deposits, withdrawals } = await repo.unfinishedWalletRows(db);
  for (const d of deposits) await settleDeposit(db, d.id);
  // In the user's lane: a settlement after a loss the rebuild just decided may run meanwhile.
  for (const w of withdrawals) await inWithdrawalLane(w.userId, () => settleWithdrawal(db, w));
  return deposits.length + withdrawals.length;
}
