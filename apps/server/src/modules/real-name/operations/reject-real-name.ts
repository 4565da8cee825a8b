import type { AuditEntry } from '../../staff/register-staff-call.ts';
import type { RealNameDeps } from '../real-name-deps.ts';
import { decideRealName } from '../real-name-review.ts';

/** Rejects a waiting submission with a reason the trader reads (status 3, they may submit again). */
export const rejectRealName = (
  deps: Pick<RealNameDeps, 'db' | 'now'>,
  input: { id: number; reason: string; note: string; staffEmail: string; audit: (entry: AuditEntry) => void },
) => decideRealName(deps, { ...input, decision: 'reject' });
