import type { AuditEntry } from '../../staff/register-staff-call.ts';
import type { RealNameDeps } from '../real-name-deps.ts';
import { decideRealName } from '../real-name-review.ts';

/** Approves a waiting submission: the trader's status becomes 2 (read-only), withdrawals open. */
export const approveRealName = (
  deps: Pick<RealNameDeps, 'db' | 'now'>,
  input: { id: number; note: string; staffEmail: string; audit: (entry: AuditEntry) => void },
) => decideRealName(deps, { ...input, decision: 'approve', reason: '' });
