import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  CLOSE_REASONS,
  SESSION_KIND_VALUES,
  STAFF_AUDIT_ACTIONS,
  STAFF_AUDIT_TARGETS,
  STAFF_ROLES,
  STAFF_SETTING_KEYS,
} from '@meridian/contracts';
import { LEDGER_TYPE } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import en from '../../../packages/i18n/locales/en/admin.json';
import hk from '../../../packages/i18n/locales/hk/admin.json';

/** `{a: {b: 'x'}}` → `[['a.b', 'x']]` */
function flatten(node: unknown, prefix = ''): Array<[string, unknown]> {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return [[prefix, node]];
  return Object.entries(node).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
}

const enKeys = new Map(flatten(en));
const hkKeys = new Map(flatten(hk));

/**
 * i18next plural forms: English writes `x_one` and `x_other` (picked by `count`), Chinese has one
 * form and writes `x`. A key is compared by its base.
 */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, '');
const bases = (keys: Map<string, unknown>) => [...new Set([...keys.keys()].map(base))].sort();
/** hk's text for an en key: the same key, or its one form. */
const hkFor = (key: string) => hkKeys.get(key) ?? hkKeys.get(base(key)) ?? hkKeys.get(`${base(key)}_other`);

describe('admin catalogs (en, hk)', () => {
  it('have the same keys (a plural counted once)', () => {
    expect(bases(hkKeys)).toEqual(bases(enKeys));
  });

  it('en has both forms of every plural (1 account, 2 accounts)', () => {
    const plurals = [...enKeys.keys()].filter((k) => PLURAL.test(k)).map(base);
    const incomplete = plurals.filter((b) => !enKeys.has(`${b}_one`) || !enKeys.has(`${b}_other`));
    expect(plurals.length).toBeGreaterThan(0);
    expect(incomplete).toEqual([]);
    // and no plain key beside its plural forms (i18next would never read one of them)
    expect(plurals.filter((b) => enKeys.has(b))).toEqual([]);
  });

  it.each([
    ['en', enKeys],
    ['hk', hkKeys],
  ] as const)('%s: every value is a non-empty string', (_lang, keys) => {
    const bad = [...keys].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
    expect(bad).toEqual([]);
  });

  it('hk is written in Chinese (not left in English)', () => {
    const same = [...hkKeys]
      .filter(([k, v]) => v === enKeys.get(k) && /[a-z]{4,}/i.test(String(v)))
      .map(([k]) => k)
      .filter((k) => !['app.name', 'languages.en', 'languages.hk'].includes(k));
    expect(same).toEqual([]);
  });

  it('uses the same {{placeholders}} in both languages', () => {
    const vars = (s: unknown) => [...String(s).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    const diff = [...enKeys.keys()].filter((k) => vars(enKeys.get(k)).join() !== vars(hkFor(k)).join());
    expect(diff).toEqual([]);
  });

  it('covers the contracts’ enumerations (roles, settings, close reasons, ledger types, sessions, audit, categories)', () => {
    const needed = [
      ...STAFF_ROLES.map((r) => `roles.${r}`),
      ...STAFF_SETTING_KEYS.flatMap((k) => [
        `settings.keys.${k}`,
        `settings.hints.${k}`,
        `settings.rules.${k}`,
      ]),
      ...CLOSE_REASONS.map((r) => `orders.closeReasons.${r}`),
      ...Object.values(LEDGER_TYPE).map((n) => `ledger.types.${n}`),
      ...SESSION_KIND_VALUES.map((s) => `instruments.sessions.${s}`),
      ...STAFF_AUDIT_ACTIONS.map((a) => `audit.actions.${a}`),
      ...STAFF_AUDIT_TARGETS.map((a) => `audit.targets.${a}`),
      ...['forex', 'metals', 'energy', 'indices', 'crypto', 'stocks'].map((c) => `categories.names.${c}`),
    ];
    expect(needed.filter((k) => !enKeys.has(k))).toEqual([]);
  });

  it('has every key the code asks for with a literal t("…")', () => {
    const srcDir = path.resolve(import.meta.dirname, '../src');
    const files = (readdirSync(srcDir, { recursive: true }) as string[])
      .filter((f) => /\.tsx?$/.test(f))
      .map((f) => readFileSync(path.join(srcDir, f), 'utf8'));
    const used = new Set<string>();
    for (const source of files) {
      for (const m of source.matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) used.add(m[1]!);
      for (const m of source.matchAll(/label: '([a-z]+\.[a-zA-Z0-9_.]+)'/g)) used.add(m[1]!);
      for (const m of source.matchAll(/'((?:orders|users|userDetail|staff)\.[a-zA-Z0-9_.]+)'/g))
        used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(150);
    const missing = [...used].filter(
      (k) =>
        !enKeys.has(k) && !enKeys.has(`${k}_other`) && ![...enKeys.keys()].some((e) => e.startsWith(`${k}.`)),
    );
    expect(missing).toEqual([]);
  });
});
