import { REAL_NAME_STATUS } from '@meridian/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditEntry } from '../staff/register-staff-call.ts';
import { staffRealNameDto } from './real-name.mapper.ts';
import * as repo from './real-name.repository.ts';
import type { RealNameDeps } from './real-name-deps.ts';

/** What the audit log keeps of a submission's review state. */
const reviewState = (r: repo.RealNameRow) => ({
  status: r.status,
  reason: r.rejectReason,
  note: r.staffNote,
  by: r.reviewedBy,
});

/**
 * Approves or rejects a waiting submission (DESIGN §8): one conditional update claims it, so of
 * two reviewers racing exactly one decides and the other is told it was reviewed already. One
 * audit entry per decision.
 */
export async function decideRealName(
  deps: Pick<RealNameDeps, 'db' | 'now'>,
  input: {
    id: number;
    decision: 'approve' | 'reject';
    reason: string;
    note: string;
    staffEmail: string;
    audit: (entry: AuditEntry) => void;
  },
) {
  const { db } = deps;
  const before = await repo.findSubmission(db, input.id);
  if (!before) throw new AppError('STAFF_TARGET_NOT_FOUND');
  const decided = await repo.decideWaiting(db, input.id, {
    status: input.decision === 'approve' ? REAL_NAME_STATUS.FINISHED : REAL_NAME_STATUS.REJECTED,
    rejectReason: input.decision === 'reject' ? input.reason : '',
    staffNote: input.note,
    reviewedBy: input.staffEmail,
    reviewedAt: new Date(deps.now()),
  });
  if (!decided) throw new AppError('STAFF_ALREADY_REVIEWED');
  input.audit({
    action: `real_name.${input.decision}`,
    targetType: 'real_name',
    targetId: input.id,
    before: reviewState(before),
    after: reviewState(decided),
  });
  const found = await repo.submissionWithOwner(db, input.id);
  if (!found) throw new Error(`real-name submission ${input.id} vanished after its review`);
  return staffRealNameDto(found.row, found.owner, found.sameCardAccounts);
}
