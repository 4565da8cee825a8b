import { readFileSync } from 'node:fs';
import { interpolate } from './interpolate.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages.ts';

type Catalog = Record<string, string>;

/**
 * Server-side translation of `msg` and of localized data (category names). Loaded once from the
 * same JSON catalogs the web app uses (namespace files `server.json`), flattened to dotted keys.
 */
const catalogs = new Map<Language, Catalog>();

function flatten(obj: Record<string, unknown>, prefix = '', out: Catalog = {}): Catalog {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') flatten(v as Record<string, unknown>, key, out);
    else out[key] = String(v);
  }
  return out;
}

export function loadNamespace(lang: Language, namespace: string): Catalog {
  const url = new URL(`../locales/${lang}/${namespace}.json`, import.meta.url);
  return flatten(JSON.parse(readFileSync(url, 'utf8')));
}

function catalog(lang: Language): Catalog {
  let c = catalogs.get(lang);
  if (!c) {
    try {
      c = loadNamespace(lang, 'server');
    } catch {
      // A missing catalog must not turn a refusal into a crash; the catalog test catches the gap.
      c = {};
    }
    catalogs.set(lang, c);
  }
  return c;
}

/** Falls back to English, then the key itself, so a missing entry is visible rather than blank. */
export function translate(lang: Language, key: string, params?: Record<string, string | number>): string {
  const text = catalog(lang)[key] ?? catalog('en')[key] ?? catalog(DEFAULT_LANGUAGE)[key] ?? key;
  return interpolate(text, params);
}

export const ALL_LANGUAGES = LANGUAGES;
