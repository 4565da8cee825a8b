import type { staffCreateInstrumentCall } from '@meridian/contracts';
import { AppError } from '../../../lib/app-error.ts';
import type { StaffContext } from '../../staff/register-staff-call.ts';
import { allCategories, insertInstrument } from '../backoffice.repository.ts';
import type { BackofficeDeps } from '../backoffice-deps.ts';
import { refuseContradictoryLimits, refuseWideSpread } from '../instrument-rules.ts';
import { toStaffInstrument } from '../staff-instrument.mapper.ts';

/** A new instrument, quoted and tradable at once (its logo the default one for its code). */
export async function createInstrument(
  deps: Pick<BackofficeDeps, 'db' | 'engine' | 'market'>,
  input: Pick<StaffContext<typeof staffCreateInstrumentCall>, 'body' | 'audit'>,
) {
  const { body, audit } = input;
  const categories = await allCategories(deps.db);
  if (!categories.some((c) => c.id === body.categoryId)) throw new AppError('STAFF_TARGET_NOT_FOUND');
  refuseContradictoryLimits(body);
  refuseWideSpread(body, Number(body.referencePrice));
  const created = await insertInstrument(deps.db, {
    ...body,
    leverageOptions: [...new Set(body.leverageOptions)].sort((a, b) => a - b),
    logo: `/static/logo/${body.code}.svg`,
  });
  if (!created) throw new AppError('STAFF_INSTRUMENT_EXISTS');
  await deps.market.addInstrument(created);
  deps.engine.refreshConversions();
  audit({
    action: 'instrument.created',
    targetType: 'instrument',
    targetId: created.id,
    before: null,
    after: toStaffInstrument(created),
  });
  return toStaffInstrument(created);
}
