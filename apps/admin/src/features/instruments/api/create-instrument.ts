import { type StaffCallBody, staffCreateInstrumentCall } from '@meridian/contracts';
import { sendStaff } from '../../../lib/staff-client';

/** POST /instruments: a new instrument (it quotes at once from its reference price). */
export type NewInstrument = StaffCallBody<typeof staffCreateInstrumentCall>;

export const createInstrument = (body: NewInstrument) => sendStaff(staffCreateInstrumentCall, { body });
