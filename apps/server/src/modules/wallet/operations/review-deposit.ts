import { DEPOSIT_STATUS } from '@meridian/contracts';
import { LEDGER_TYPE, money } from '@meridian/domain';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../lib/app-error.ts';
import type { AuditEntry } from '../../staff/register-staff-call.ts';
import { staffDepositDto } from '../deposit.mapper.ts';
import { ownersOf } from '../review-queue.ts';
import * as repo from '../wallet.repository.ts';
import type { WalletDeps } from '../wallet-deps.ts';
import { settleDeposit, settleIfFailed } from '../wallet-settlement.ts';

type Reviewed = { remark: string; reviewedBy: string; reviewedAt: Date };

/**
 * Approves a waiting deposit: claims it (one reviewer wins), credits its amount through the engine
 * under a ledger key named after it, then marks it finished. A failed credit settles the row from
 * the ledger at once (wallet-settlement.ts).
 */
async function approve(deps: WalletDeps, id: number, reviewed: Reviewed, log: FastifyBaseLogger) {
  const claimed = await repo.transitionDeposit(deps.db, id, DEPOSIT_STATUS.UNCHECKED, {
    status: DEPOSIT_STATUS.APPLYING,
    ...reviewed,
  });
  if (!claimed) throw new AppError('STAFF_ALREADY_REVIEWED');
  return settleIfFailed(
    log,
    () => settleDeposit(deps.db, claimed.id),
    async () => {
      const credited = await deps.engine.move({
        userId: claimed.userId,
        type: LEDGER_TYPE.DEPOSIT_CREDIT,
        balanceDelta: money(claimed.amount),
        memo: `deposit ${claimed.id}`,
        idempotencyKey: `deposit:${claimed.id}`,
      });
      if (!credited.ok) throw new Error(`credit of deposit ${claimed.id} refused`);
      return repo.transitionDeposit(deps.db, id, DEPOSIT_STATUS.APPLYING, {
        status: DEPOSIT_STATUS.FINISHED,
      });
    },
  );
}

/** Rejects or voids a waiting deposit: nothing moves, one conditional update (one reviewer wins). */
async function close(deps: WalletDeps, id: number, status: number, reviewed: Reviewed) {
  const after = await repo.transitionDeposit(deps.db, id, DEPOSIT_STATUS.UNCHECKED, { status, ...reviewed });
  if (!after) throw new AppError('STAFF_ALREADY_REVIEWED');
  return after;
}

/** Staff approve, reject or void a deposit (DESIGN §7), applied once, with one audit entry. */
export async function reviewDeposit(
  deps: WalletDeps,
  input: {
    id: number;
    action: 'approve' | 'reject' | 'void';
    reason: string;
    staffEmail: string;
    audit: (entry: AuditEntry) => void;
    log: FastifyBaseLogger;
  },
) {
  const { id, action } = input;
  const before = await repo.findDeposit(deps.db, id);
  if (!before) throw new AppError('STAFF_TARGET_NOT_FOUND');
  const reviewed = { remark: input.reason, reviewedBy: input.staffEmail, reviewedAt: new Date(deps.now()) };
  const after =
    action === 'approve'
      ? await approve(deps, id, reviewed, input.log)
      : await close(
          deps,
          id,
          action === 'reject' ? DEPOSIT_STATUS.REJECTED : DEPOSIT_STATUS.INVALID,
          reviewed,
        );
  const owner = (await ownersOf(deps.db, [before.userId])).get(before.userId);
  input.audit({
    action: `deposit.${action}`,
    targetType: 'deposit',
    targetId: id,
    before: staffDepositDto(before, owner),
    after: staffDepositDto(after!, owner),
  });
  return staffDepositDto(after!, owner);
}
