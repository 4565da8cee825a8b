import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Reading the catalogs as the tests compare them: flat `a.b.c` keys, plural forms by their base. */
export const localesDir = path.resolve(import.meta.dirname, '../locales');
export const NAMESPACES = readdirSync(path.join(localesDir, 'en')).map((f) => f.replace(/\.json$/, ''));

export function flatten(obj: Record<string, unknown>, prefix = '', out: Record<string, string> = {}) {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') flatten(v as Record<string, unknown>, key, out);
    else out[key] = v as string;
  }
  return out;
}

export const load = (lang: string, ns: string) =>
  flatten(JSON.parse(readFileSync(path.join(localesDir, lang, `${ns}.json`), 'utf8')));

/**
 * i18next plural forms: a language writes `x_one`, `x_other`, … as its grammar needs (Chinese has
 * one form and writes `x`), so keys are compared by their base, and a form against English's same
 * form or, for a language's single form, English's `_other`.
 */
const PLURAL = /_(zero|one|two|few|many|other)$/;
export const base = (key: string) => key.replace(PLURAL, '');
export const bases = (catalog: Record<string, string>) => [...new Set(Object.keys(catalog).map(base))];
export const referenceFor = (reference: Record<string, string>, key: string) =>
  reference[key] ?? reference[`${base(key)}_other`] ?? reference[base(key)];
