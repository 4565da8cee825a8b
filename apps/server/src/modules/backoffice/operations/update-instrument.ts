import type { staffUpdateInstrumentCall } from '@meridian/contracts';
import { AppError } from '../../../lib/app-error.ts';
import type { StaffContext } from '../../staff/register-staff-call.ts';
import { lockInstrument, updateInstrument as saveInstrument } from '../backoffice.repository.ts';
import type { BackofficeDeps } from '../backoffice-deps.ts';
import { LOT_LIMIT_KEYS, refuseContradictoryLimits, refuseWideSpread } from '../instrument-rules.ts';
import { toStaffInstrument } from '../staff-instrument.mapper.ts';

/** Changes an instrument's terms; the live market trades on them from the next quote. */
export async function updateInstrument(
  deps: Pick<BackofficeDeps, 'db' | 'market'>,
  input: Pick<StaffContext<typeof staffUpdateInstrumentCall>, 'params' | 'body' | 'audit'>,
) {
  const { market } = deps;
  const { params, body, audit } = input;
  const set = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  if (set.leverageOptions)
    set.leverageOptions = [...new Set(set.leverageOptions as number[])].sort((a, b) => a - b);
  // Checked against the row as it is, locked, so two staff changing limits at once cannot
  // together save a pair that contradicts (each alone agreeing with the row it read).
  const { before, after } = await deps.db.transaction(async (tx) => {
    const row = await lockInstrument(tx, params.id);
    if (!row) throw new AppError('STAFF_TARGET_NOT_FOUND');
    // The limits are checked together when any of them changes (an older row that disagrees
    // does not block an unrelated change such as the spread).
    if (LOT_LIMIT_KEYS.some((k) => k in set)) refuseContradictoryLimits({ ...row, ...set });
    if ('spreadPoints' in set || 'pricePrecision' in set)
      refuseWideSpread(
        { ...row, ...set } as { spreadPoints: number; pricePrecision: number },
        market.quotation(row.id)?.Close ?? Number(row.referencePrice),
      );
    return { before: row, after: (await saveInstrument(tx, params.id, set))! };
  });
  market.applyInstrument(after);
  audit({
    action: 'instrument.updated',
    targetType: 'instrument',
    targetId: params.id,
    before: toStaffInstrument(before),
    after: toStaffInstrument(after),
  });
  return toStaffInstrument(after);
}
