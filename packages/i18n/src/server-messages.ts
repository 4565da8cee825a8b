import { readFileSync } from 'node:fs';
import { interpolate } from './interpolate.ts';
import { BCP47, DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages.ts';
import { pluralCategory } from './plural.ts';

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

const numberFormats = new Map<string, Intl.NumberFormat>();
const DECIMAL = /^-?\d+(?:\.(\d+))?$/;

/**
 * A number in a message as the language writes it ('4.974,23' in German, '4,974.23' in English),
 * exact (the decimal text itself is formatted, never a double), at the places it carries, with
 * Western digits as on every screen (DECISIONS 'Numbers on screen'). Other params stay as given.
 */
export function localizeParam(lang: Language, value: string | number): string | number {
  const text = typeof value === 'number' ? (Number.isSafeInteger(value) ? String(value) : null) : value;
  const match = text === null ? null : DECIMAL.exec(text);
  if (!match) return value;
  const places = match[1]?.length ?? 0;
  const key = `${lang}|${places}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(BCP47[lang], {
      numberingSystem: 'latn',
      minimumFractionDigits: places,
      maximumFractionDigits: places,
    });
    numberFormats.set(key, f);
  }
  return f.format(text as Intl.StringNumericLiteral);
}

/**
 * The params that are quantities (amounts, limits, counts), written the language's way. Others are
 * codes and names ('407093', 'TRC20', a field): digits in them are not a number to group.
 */
const QUANTITY_PARAMS = new Set(['free', 'min', 'max', 'minutes', 'seconds']);

/** The param whose number chooses a message's plural form (the first one present). */
const COUNT_PARAMS = ['count', 'minutes', 'seconds', 'max'] as const;

/**
 * A message's text in one language: its plural form for the count when the catalog has forms
 * (`key_one`, `key_few`, …, always `key_other`), else the single `key` (languages with one form).
 */
function textIn(lang: Language, key: string, params?: Record<string, string | number>): string | undefined {
  const c = catalog(lang);
  if (c[`${key}_other`] !== undefined) {
    const name = params && COUNT_PARAMS.find((p) => params[p] !== undefined);
    const category = params && name ? pluralCategory(lang, params[name]!) : null;
    return (category === null ? undefined : c[`${key}_${category}`]) ?? c[`${key}_other`];
  }
  return c[key];
}

/** Falls back to English, then the key itself, so a missing entry is visible rather than blank. */
export function translate(lang: Language, key: string, params?: Record<string, string | number>): string {
  const text =
    textIn(lang, key, params) ?? textIn('en', key, params) ?? textIn(DEFAULT_LANGUAGE, key, params) ?? key;
  if (!params) return text;
  const localized: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params))
    localized[name] = QUANTITY_PARAMS.has(name) ? localizeParam(lang, value) : value;
  return interpolate(text, localized);
}

export const ALL_LANGUAGES = LANGUAGES;
