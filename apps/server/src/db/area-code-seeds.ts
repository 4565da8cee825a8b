import { getCountries, getCountryCallingCode } from 'libphonenumber-js';

/** Spec §1: the service is not offered to North Korea, Israel, China, Vanuatu and Cuba. */
export const EXCLUDED_COUNTRIES = new Set(['KP', 'IL', 'CN', 'VU', 'CU']);

// Places listed first in the picker; the rest follow alphabetically.
const FIRST = ['HK', 'TW', 'GB', 'US', 'SG', 'MY', 'TH', 'VN', 'ID', 'JP', 'KR', 'AE'];

/**
 * Real calling codes from libphonenumber's metadata (kept current by that project), English names
 * from the ICU data in Node; pseudo-regions (AC, TA, XK…) without an ICU name are skipped.
 */
export function areaCodeSeeds() {
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  return getCountries()
    .filter((c) => !EXCLUDED_COUNTRIES.has(c))
    .map((code) => ({ code, globalCode: `+${getCountryCallingCode(code)}`, name: names.of(code) ?? '' }))
    .filter((a) => a.name !== '')
    .map((a) => ({ ...a, sort: FIRST.includes(a.code) ? FIRST.indexOf(a.code) : FIRST.length }));
}
