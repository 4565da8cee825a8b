import { ACCOUNT_TYPE } from '@meridian/contracts';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findAreaById } from './auth.repository.ts';

/** An account as the database keys it: e-mail lower-cased, or calling code + national number. */
export type Identity =
  | { kind: 'email'; email: string; target: string }
  | { kind: 'mobile'; areaCode: string; mobile: string; target: string };

const emailSchema = z.email();

export function emailIdentity(raw: string): Identity {
  const email = raw.trim().toLowerCase();
  if (!email) throw new AppError('ACCOUNT_ENTER_EMAIL');
  if (!emailSchema.safeParse(email).success || email.length > 254)
    throw new AppError('ACCOUNT_EMAIL_INVALID');
  return { kind: 'email', email, target: email };
}

/**
 * A mobile number in the country of `areaId` (a row of area_list: the excluded countries are not
 * there, so they are refused here). Validated with libphonenumber; stored as national digits.
 */
export async function mobileIdentity(db: DbOrTx, raw: string, areaId: number | undefined): Promise<Identity> {
  const digits = raw.replace(/[\s()-]/g, '');
  if (!digits) throw new AppError('ACCOUNT_ENTER_PHONE');
  const area = areaId ? await findAreaById(db, areaId) : null;
  if (!area) throw new AppError('ACCOUNT_AREA_UNAVAILABLE');
  const phone = parsePhoneNumberFromString(
    digits,
    area.code as Parameters<typeof parsePhoneNumberFromString>[1],
  );
  if (!phone?.isValid() || `+${phone.countryCallingCode}` !== area.globalCode) {
    throw new AppError('ACCOUNT_MOBILE_INVALID');
  }
  const mobile = String(phone.nationalNumber);
  return { kind: 'mobile', areaCode: area.globalCode, mobile, target: `${area.globalCode}${mobile}` };
}

export function identityOf(db: DbOrTx, type: number, account: string, areaId: number | undefined) {
  return type === ACCOUNT_TYPE.MOBILE
    ? mobileIdentity(db, account, areaId)
    : Promise.resolve(emailIdentity(account));
}
