import { type PROVIDER_ACTIONS, PROVIDER_STATUS, type ProviderStatus } from '@meridian/contracts';
import { AppError } from '../../../lib/app-error.ts';
import type { AuditEntry } from '../../staff/register-staff-call.ts';
import * as repo from '../copy-trading.repository.ts';
import type { CopyTradingDeps } from '../copy-trading-deps.ts';
import { staffProviderRowOf } from './list-providers.ts';

type Action = (typeof PROVIDER_ACTIONS)[number];

/** Which state each action moves a provider from, and to. */
const TRANSITIONS: Record<Action, { from: readonly ProviderStatus[]; to: ProviderStatus }> = {
  approve: { from: [PROVIDER_STATUS.APPLIED], to: PROVIDER_STATUS.APPROVED },
  reject: { from: [PROVIDER_STATUS.APPLIED], to: PROVIDER_STATUS.REJECTED },
  suspend: { from: [PROVIDER_STATUS.APPROVED], to: PROVIDER_STATUS.SUSPENDED },
  remove: { from: [PROVIDER_STATUS.APPROVED, PROVIDER_STATUS.SUSPENDED], to: PROVIDER_STATUS.REMOVED },
  reinstate: { from: [PROVIDER_STATUS.SUSPENDED], to: PROVIDER_STATUS.APPROVED },
};

/**
 * Compliance decides on a provider (DESIGN §9, audited). A suspended or removed provider's new
 * positions are no longer copied (open copies still close with them; followers may stop at any
 * time); approving or reinstating opens copying again at once.
 */
export async function reviewProvider(
  deps: CopyTradingDeps,
  input: { userId: number; action: Action; note: string; staffEmail: string; audit: (e: AuditEntry) => void },
) {
  const t = TRANSITIONS[input.action];
  const { before, after } = await deps.db.transaction(async (tx) => {
    const before = await repo.lockProvider(tx, input.userId);
    if (!before) throw new AppError('STAFF_TARGET_NOT_FOUND');
    if (!(t.from as readonly number[]).includes(before.status)) throw new AppError('STAFF_ALREADY_REVIEWED');
    const now = new Date(deps.now());
    const after = await repo.setProviderStatus(tx, input.userId, {
      status: t.to,
      staffNote: input.note,
      reviewedBy: input.staffEmail,
      reviewedAt: now,
      updatedAt: now,
    });
    return { before, after };
  });
  deps.engine.setProviderCopying(input.userId, after.status === PROVIDER_STATUS.APPROVED);
  input.audit({
    action: `provider.${input.action}`,
    targetType: 'provider',
    targetId: input.userId,
    before: { status: before.status, note: before.staffNote },
    after: { status: after.status, note: after.staffNote },
  });
  const owner = await repo.userUidAndAccount(deps.db, input.userId);
  return staffProviderRowOf(deps, {
    provider: after,
    uid: owner?.uid ?? '',
    email: owner?.email ?? null,
    areaCode: owner?.areaCode ?? null,
    mobile: owner?.mobile ?? null,
  });
}
