import { WITHDRAWAL_STATUS } from '@meridian/contracts';
import { LEDGER_TYPE, type Money, money } from '@meridian/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Movement } from '../../../engine/account-book.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { AuditEntry } from '../../staff/register-staff-call.ts';
import { ownersOf } from '../review-queue.ts';
import * as repo from '../wallet.repository.ts';
import type { WalletDeps } from '../wallet-deps.ts';
import {
  inWithdrawalLane,
  settleAgainstFrozenInLane,
  settleIfFailed,
  settleWithdrawal,
  USED_FOR_LOSS_REMARK,
} from '../wallet-settlement.ts';
import { staffWithdrawalDto } from '../withdrawal.mapper.ts';

/** What each decision claims the row as, where it ends, and how its frozen money leaves. */
const DECISIONS = {
  pay: {
    applying: WITHDRAWAL_STATUS.PAYING,
    done: WITHDRAWAL_STATUS.PAID,
    movement: (w: repo.WithdrawalRow, amount: Money): Movement => ({
      userId: w.userId,
      type: LEDGER_TYPE.WITHDRAWAL_PAID,
      balanceDelta: money('0'),
      lockDelta: amount.negated(),
      memo: `withdrawal ${w.id}`,
      idempotencyKey: `withdraw-paid:${w.id}`,
      // Below zero, the frozen money may be what covers the loss when the last
      // position closes (negative balance protection): nothing is paid out of it.
      notInDeficit: true,
    }),
  },
  reject: {
    applying: WITHDRAWAL_STATUS.REJECTING,
    done: WITHDRAWAL_STATUS.REJECTED,
    movement: (w: repo.WithdrawalRow, amount: Money): Movement => ({
      userId: w.userId,
      type: LEDGER_TYPE.WITHDRAWAL_REFUND,
      balanceDelta: amount,
      lockDelta: amount.negated(),
      memo: `withdrawal ${w.id}`,
      idempotencyKey: `withdraw-refund:${w.id}`,
    }),
  },
} as const;

/**
 * Staff pay or reject a withdrawal under review (DESIGN §7), applied once: the row is claimed (one
 * reviewer wins), its frozen money paid out or refunded through the engine under a ledger key
 * named after it, then the final state recorded, with one audit entry. A failed move settles the
 * row from the ledger at once (wallet-settlement.ts).
 */
export async function reviewWithdrawal(
  deps: WalletDeps,
  input: {
    id: number;
    action: 'pay' | 'reject';
    reason: string;
    staffEmail: string;
    audit: (entry: AuditEntry) => void;
    log: FastifyBaseLogger;
  },
) {
  const { db, engine } = deps;
  const { id, action, log } = input;
  const decision = DECISIONS[action];
  const before = await repo.findWithdrawal(db, id);
  if (!before) throw new AppError('STAFF_TARGET_NOT_FOUND');
  // In the user's withdrawal lane: a settlement after a covered loss never reads the rows and the
  // frozen amount on either side of this review.
  const after = await inWithdrawalLane(before.userId, async () => {
    const claimed = await repo.transitionWithdrawal(db, id, WITHDRAWAL_STATUS.REVIEWING, {
      status: decision.applying,
      remark: input.reason,
      reviewedBy: input.staffEmail,
      reviewedAt: new Date(deps.now()),
    });
    if (!claimed) throw new AppError('STAFF_ALREADY_REVIEWED');
    try {
      return await settleIfFailed(
        log,
        () => settleWithdrawal(db, claimed),
        async () => {
          const moved = await engine.move(decision.movement(claimed, money(claimed.amount)));
          if (!moved.ok && moved.deficit) throw new AppError('STAFF_WITHDRAWAL_DEFICIT');
          if (!moved.ok) throw new Error(`withdrawal ${claimed.id}: frozen amount missing`);
          return (await repo.transitionWithdrawal(db, id, decision.applying, { status: decision.done }))!;
        },
      );
    } catch (err) {
      // Its money may have covered a trading loss meanwhile (negative balance protection): the
      // requests are then settled against what stays frozen, and staff told it is done.
      await settleAgainstFrozenInLane(db, engine, claimed.userId, new Date(deps.now())).catch(
        (e: unknown) => {
          log.error({ err: e, userId: claimed.userId }, 'settling withdrawals against frozen money failed');
          return 0;
        },
      );
      const now = await repo.findWithdrawal(db, id);
      if (now?.status === WITHDRAWAL_STATUS.REJECTED && now.remark === USED_FOR_LOSS_REMARK)
        throw new AppError('STAFF_ALREADY_REVIEWED');
      throw err;
    }
  });
  const user = (await ownersOf(db, [before.userId])).get(before.userId);
  input.audit({
    action: `withdrawal.${action}`,
    targetType: 'withdrawal',
    targetId: id,
    before: staffWithdrawalDto(before, user),
    after: staffWithdrawalDto(after, user),
  });
  return staffWithdrawalDto(after, user);
}
