import { allInstruments } from '../backoffice.repository.ts';
import type { BackofficeDeps } from '../backoffice-deps.ts';
import { toStaffInstrument } from '../staff-instrument.mapper.ts';

export async function listInstruments(deps: Pick<BackofficeDeps, 'db'>) {
  return (await allInstruments(deps.db)).map(toStaffInstrument);
}
