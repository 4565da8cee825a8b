import { ERROR_CODES } from '@meridian/contracts';
import { LANGUAGES } from '@meridian/i18n';
import { loadNamespace } from '@meridian/i18n/node';
import { describe, expect, it } from 'vitest';
import { CATEGORY_SEEDS } from '../market/category-seeds.ts';

describe('server messages', () => {
  const en = loadNamespace('en', 'server');

  it('every error code has a message key in the catalog, and codes are unique', () => {
    const codes = Object.values(ERROR_CODES).map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    // A message with plural forms has at least its `_other` form (translate picks the form).
    for (const [name, e] of Object.entries(ERROR_CODES))
      expect(en[e.msgKey] ?? en[`${e.msgKey}_other`], name).toBeTruthy();
    expect(ERROR_CODES.AUTH_SESSION_INVALID.code).toBe(999);
  });

  it('every seeded category has a translated name', () => {
    for (const c of CATEGORY_SEEDS) expect(en[`category.${c.key}`], c.key).toBeTruthy();
  });

  it('loads all 21 languages', () => {
    for (const lang of LANGUAGES)
      expect(Object.keys(loadNamespace(lang, 'server')).length).toBeGreaterThan(0);
  });
});
