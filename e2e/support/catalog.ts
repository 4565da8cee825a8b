import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Labels as the app shows them, read from the same catalogs, so tests follow wording changes. */
export function label(lang: string, key: string): string {
  const file = path.resolve(import.meta.dirname, `../../packages/i18n/locales/${lang}/web.json`);
  const value = key
    .split('.')
    .reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], JSON.parse(readFileSync(file, 'utf8')));
  if (typeof value !== 'string') throw new Error(`no label ${lang}:${key}`);
  return value;
}
