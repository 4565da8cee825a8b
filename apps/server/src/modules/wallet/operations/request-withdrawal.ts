import { REAL_NAME_STATUS, WITHDRAWAL_STATUS } from '@meridian/contracts';
import { money, quoteWithdrawal } from '@meridian/domain';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../lib/app-error.ts';
import { latestSubmission } from '../../real-name/real-name.repository.ts';
import { readSetting } from '../../settings/settings.service.ts';
import { realUser } from '../real-user.ts';
import * as repo from '../wallet.repository.ts';
import { amountOf } from '../wallet-amount.ts';
import type { WalletDeps } from '../wallet-deps.ts';
import { inWithdrawalLane, settleIfFailed, settleWithdrawal } from '../wallet-settlement.ts';
import { destinationText, payoutOf } from '../withdrawal-destination.ts';

/**
 * Requests a withdrawal to one of the user's bound methods: checks the amount against the
 * currency's minimum and fee, then freezes it from the free balance for staff to pay or reject.
 * While the platform requires it (setting withdraw_requires_real_name, on by default), only a user
 * whose latest real-name submission is approved may ask, told so before anything else is checked.
 */
export async function requestWithdrawal(
  deps: WalletDeps,
  input: {
    userId: number;
    amount: string;
    currencyId: number;
    methodId: number;
    memo: string;
    log: FastifyBaseLogger;
  },
) {
  const { db, engine } = deps;
  const { userId } = input;
  await realUser(db, userId);
  if (
    (await readSetting(db, 'withdraw_requires_real_name')) === '1' &&
    (await latestSubmission(db, userId))?.status !== REAL_NAME_STATUS.FINISHED
  )
    throw new AppError('REAL_NAME_REQUIRED');
  const amount = amountOf(input.amount);
  const currency = await repo.findDrawCurrency(db, input.currencyId);
  if (!currency?.enabled) throw new AppError('WALLET_CURRENCY_NOT_FOUND');
  const method = await repo.findMethod(db, input.methodId);
  if (!method || method.userId !== userId || method.deletedAt) throw new AppError('WALLET_METHOD_NOT_FOUND');
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
  // The row first (requesting), then the freeze keyed by its id: a crash in between is settled at
  // start from the ledger (the freeze happened or it did not). In the user's withdrawal lane: a
  // settlement after a covered loss never sees the request half made.
  await inWithdrawalLane(userId, async () => {
    const w = await repo.insertWithdrawal(db, {
      userId,
      drawCurrencyId: currency.id,
      drawMethodId: method.id,
      type: currency.type,
      amount: amount.toFixed(2),
      fee: q.fee.toFixed(2),
      received: q.received.toFixed(q.receivedDecimals),
      currencyCode: currency.protocol ? `${currency.code}-${currency.protocol}` : currency.code,
      destination: destinationText(method),
      payout: payoutOf(method),
      memo: input.memo,
      status: WITHDRAWAL_STATUS.REQUESTING,
      createdAt: new Date(deps.now()),
    });
    const frozen = await settleIfFailed(
      input.log,
      () => settleWithdrawal(db, w),
      () => engine.freezeForWithdrawal(userId, amount, w.id),
    );
    if (!frozen.ok) {
      await repo.transitionWithdrawal(db, w.id, WITHDRAWAL_STATUS.REQUESTING, {
        status: WITHDRAWAL_STATUS.REFUSED,
      });
      if ('unpriced' in frozen) throw new AppError('ORDER_PRICE_UNAVAILABLE');
      throw new AppError('WALLET_AMOUNT_ABOVE_FREE', { free: frozen.free.toFixed(2) });
    }
    await repo.transitionWithdrawal(db, w.id, WITHDRAWAL_STATUS.REQUESTING, {
      status: WITHDRAWAL_STATUS.REVIEWING,
    });
  });
  return null;
}
