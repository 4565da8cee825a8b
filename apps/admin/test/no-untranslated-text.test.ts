import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  JSX_TEXT,
  tsxFiles,
  type UntranslatedTextRules,
  untranslatedText,
} from '../../../packages/i18n/test-support/untranslated-text';

/**
 * Guard against untranslated UI text (STYLE.md habits): every visible string of the back office
 * comes from the `admin` catalogs. Flags JSX text with letters and literal user-facing attributes
 * (antd's label, title, placeholder, okText, …) in src/**.tsx.
 */
const srcDir = path.resolve(import.meta.dirname, '../src');

const LITERAL_ATTR =
  /\b(aria-label|placeholder|title|alt|label|okText|cancelText|extra|tooltip|subTitle|description|content|text|tab)="([^"]*\p{L}[^"]*)"/gu;
/** A string property in an object literal or a call that is shown (column titles, menu labels). */
const LITERAL_PROP =
  /\b(title|label|content|okText|cancelText|description|placeholder|text):\s*'([^']*\p{L}[^']*)'/gu;

const RULES: UntranslatedTextRules = {
  attribute: LITERAL_ATTR,
  property: LITERAL_PROP,
  notText: [
    (text) => /^,\s*\w+:$/.test(text), // `<A />,\n  key: <B />` in an object of elements
    (text) => /\?\s*'[^']*'\s*:/.test(text), // a ternary between `x > 0` and `y < 0`
    // a type argument list (Select<AdminLanguage>, Table<StaffUserRow>)
    (text) =>
      /^[\w.]+(\s*[|&]\s*[\w.[\]]+)*(,\s*[\w.]+)*$/.test(text) &&
      !/\s/.test(text.replace(/\s*[|&,]\s*/g, '')),
  ],
  /** The brand is the same in every language. */
  allowed: new Set(['Meridian']),
};

describe('no untranslated text in the back office', () => {
  const files = tsxFiles(srcDir);

  it('scans the screens', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it.each(files)('%s', (_name, file) => {
    expect(untranslatedText(file, RULES)).toEqual([]);
  });

  it('catches a literal (self-test)', () => {
    const sample = '<Button>Save now</Button> <Input placeholder="Search users" /> { title: \'Name\' }';
    expect([...sample.matchAll(JSX_TEXT)].map((m) => m[1])).toContain('Save now');
    expect([...sample.matchAll(LITERAL_ATTR)].map((m) => m[2])).toContain('Search users');
    expect([...sample.matchAll(LITERAL_PROP)].map((m) => m[2])).toContain('Name');
  });
});
