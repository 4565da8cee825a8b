import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { placeholdersOf } from '../src/interpolate.ts';
import { LANGUAGES, type Language } from '../src/languages.ts';
import { pluralCategoriesOf } from '../src/plural.ts';
import { base, bases, load, localesDir, NAMESPACES, referenceFor } from './catalog-files.ts';

/**
 * Which languages each namespace must have: the trader's app and every server message in all 21
 * (DESIGN §11); the back office in English and Hong Kong Chinese (the back-office issue's rule).
 */
const REQUIRED: Record<string, readonly string[]> = {
  web: LANGUAGES,
  server: LANGUAGES,
  admin: ['en', 'hk'],
};

describe('language catalogs (DESIGN §11)', () => {
  it('has the web, server and back-office namespaces in English', () => {
    expect(NAMESPACES.sort()).toEqual(['admin', 'server', 'web']);
  });

  describe.each(NAMESPACES)('namespace %s', (ns) => {
    const reference = load('en', ns);

    it.each((REQUIRED[ns] ?? LANGUAGES).filter((l) => l !== 'en'))(
      '%s has every key, non-empty, with the same placeholders',
      (lang) => {
        const file = path.join(localesDir, lang, `${ns}.json`);
        expect(existsSync(file), `${lang}/${ns}.json is missing`).toBe(true);
        const catalog = load(lang, ns);
        const have = new Set(bases(catalog));
        const known = new Set(bases(reference));
        const missing = [...known].filter((k) => !have.has(k));
        const extra = [...have].filter((k) => !known.has(k));
        expect(missing, `${lang}: missing keys`).toEqual([]);
        expect(extra, `${lang}: keys not in en`).toEqual([]);
        for (const [key, text] of Object.entries(catalog)) {
          expect(typeof text === 'string' && text.trim().length > 0, `${lang}: ${key} is empty`).toBe(true);
          expect(placeholdersOf(text), `${lang}: ${key} placeholders`).toEqual(
            placeholdersOf(referenceFor(reference, key)!),
          );
        }
      },
    );
  });

  /**
   * A message with plural forms in English has, in each language, one text per category of that
   * language's rules (cs: one, few, many, other; ar all six), or its single text where the
   * language has one form (ja, zh-HK: the plain key); never a form its grammar does not have.
   */
  describe.each(NAMESPACES)('plural forms in %s', (ns) => {
    const reference = load('en', ns);
    const families = bases(reference).filter((k) => reference[`${k}_other`] !== undefined);

    it.each(REQUIRED[ns] ?? LANGUAGES)('%s writes each family in the forms its grammar has', (lang) => {
      const catalog = load(lang, ns);
      const categories = [...pluralCategoriesOf(lang as Language)].sort();
      for (const family of families) {
        const forms = Object.keys(catalog)
          .filter((k) => base(k) === family && k !== family)
          .map((k) => k.slice(family.length + 1))
          .sort();
        if (categories.length === 1 && catalog[family] !== undefined)
          expect(forms, `${lang}: ${family}`).toEqual([]);
        else expect(forms, `${lang}: ${family}`).toEqual(categories);
      }
    });
  });

  it('English texts are all non-empty strings', () => {
    for (const ns of NAMESPACES) {
      for (const [key, text] of Object.entries(load('en', ns))) expect(text.trim(), key).not.toBe('');
    }
  });
});
