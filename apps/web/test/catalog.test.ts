import { CLOSE_REASONS } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import en from '../../../packages/i18n/locales/en/web.json';

function flatten(obj: Record<string, unknown>, prefix = '', out: Record<string, string> = {}) {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') flatten(v as Record<string, unknown>, key, out);
    else out[key] = String(v);
  }
  return out;
}

// Every language has every key with the same placeholders and its plural forms: packages/i18n's
// catalog tests (all 21 languages). Here: what the web app itself needs of the English catalog.
describe('web catalog (en)', () => {
  const base = flatten(en);
  it('has the spec §8 client messages', () => {
    expect(base['common.realAccountRequired']).toBe('Please register or log in to a real account');
    expect(base['user.logoutDone']).toBe('Successful exit');
    expect(base['login.enterPassword']).toBe('Please enter password');
    expect(base['common.comingSoon']).toBe('Coming soon');
  });

  it('names every reason an order can end for (the order detail shows it)', () => {
    expect(CLOSE_REASONS.filter((r) => !base[`orders.reason.${r}`])).toEqual([]);
  });
});
