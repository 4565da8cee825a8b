import { type StaffCallBody, staffUpdateInstrumentCall } from '@meridian/contracts';
import { sendStaff } from '../../../lib/staff-client';

/** POST /instruments/:id: only the fields that changed. */
export type InstrumentChanges = StaffCallBody<typeof staffUpdateInstrumentCall>;

export const updateInstrument = (id: number, body: InstrumentChanges) =>
  sendStaff(staffUpdateInstrumentCall, { params: { id }, body });
