import type { staffUserLedgerCall } from '@meridian/contracts';
import { money } from '@meridian/domain';
import type { StaffContext } from '../../staff/register-staff-call.ts';
import { ledgerOf } from '../backoffice.repository.ts';
import type { BackofficeDeps } from '../backoffice-deps.ts';
import { requireUser } from '../require-user.ts';
import { cents } from '../staff-values.ts';

/** The user's ledger entries, newest first, a page at a time. */
export async function listUserLedger(
  deps: Pick<BackofficeDeps, 'db'>,
  input: Pick<StaffContext<typeof staffUserLedgerCall>, 'params' | 'query'>,
) {
  const { params, query } = input;
  await requireUser(deps.db, params.id);
  const { rows, total } = await ledgerOf(deps.db, params.id, query.page, query.pageSize);
  return {
    rows: rows.map((e) => ({
      id: e.id,
      type: e.type,
      balanceDelta: cents(e.balanceDelta),
      lockDelta: cents(e.lockDelta),
      marginDelta: money(e.marginDelta).toFixed(6),
      balanceAfter: cents(e.balanceAfter),
      memo: e.memo,
      createdAt: e.createdAt.toISOString(),
    })),
    total,
  };
}
