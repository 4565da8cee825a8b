import type { staffAuditCall } from '@meridian/contracts';
import type { StaffContext } from '../../staff/register-staff-call.ts';
import { listAudit as auditPage, usersByIds } from '../backoffice.repository.ts';
import type { BackofficeDeps } from '../backoffice-deps.ts';

/** The audit trail of staff actions, filtered, newest first. */
export async function listAudit(
  deps: Pick<BackofficeDeps, 'db'>,
  input: Pick<StaffContext<typeof staffAuditCall>, 'query'>,
) {
  const { rows, total } = await auditPage(deps.db, input.query);
  // Users are known to staff by their UID, not the internal id an entry keeps.
  const userIds = rows
    .filter((a) => a.targetType === 'user' && /^\d{1,9}$/.test(a.targetId))
    .map((a) => Number(a.targetId));
  const uidOf = new Map((await usersByIds(deps.db, [...new Set(userIds)])).map((u) => [String(u.id), u.uid]));
  return {
    rows: rows.map((a) => ({
      id: a.id,
      staffId: a.staffId,
      staffEmail: a.staffEmail,
      action: a.action,
      targetType: a.targetType,
      targetId: a.targetId,
      targetUid: a.targetType === 'user' ? (uidOf.get(a.targetId) ?? null) : null,
      before: a.before,
      after: a.after,
      ip: a.ip,
      createdAt: a.createdAt.toISOString(),
    })),
    total,
  };
}
