import { CLOSE_REASONS } from '@meridian/contracts';
import { placeholdersOf } from '@meridian/i18n';
import { describe, expect, it } from 'vitest';
import en from '../../../packages/i18n/locales/en/web.json';
import hk from '../../../packages/i18n/locales/hk/web.json';

function flatten(obj: Record<string, unknown>, prefix = '', out: Record<string, string> = {}) {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') flatten(v as Record<string, unknown>, key, out);
    else out[key] = String(v);
  }
  return out;
}

describe('web catalogs (en, hk)', () => {
  const base = flatten(en);
  const other = flatten(hk);
  it('hk has every en key, non-empty, with the same placeholders', () => {
    expect(Object.keys(other).sort()).toEqual(Object.keys(base).sort());
    for (const [key, text] of Object.entries(base)) {
      expect(other[key], key).toBeTruthy();
      expect(placeholdersOf(other[key]!), key).toEqual(placeholdersOf(text));
    }
  });

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
