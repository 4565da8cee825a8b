import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Guard against untranslated UI text (STYLE.md habits): every visible string of the back office
 * comes from the `admin` catalogs. Flags JSX text with letters and literal user-facing attributes
 * (antd's label, title, placeholder, okText, …) in src/**.tsx.
 */
const srcDir = path.resolve(import.meta.dirname, '../src');

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return tsxFiles(p);
    return p.endsWith('.tsx') && !p.endsWith('.test.tsx') ? [p] : [];
  });
}

const JSX_TEXT = />\s*([^<>{}`]*\p{L}{2,}[^<>{}`]*?)\s*</gu;
const LITERAL_ATTR =
  /\b(aria-label|placeholder|title|alt|label|okText|cancelText|extra|tooltip|subTitle|description|content|text|tab)="([^"]*\p{L}[^"]*)"/gu;
/** A string property in an object literal or a call that is shown (column titles, menu labels). */
const LITERAL_PROP =
  /\b(title|label|content|okText|cancelText|description|placeholder|text):\s*'([^']*\p{L}[^']*)'/gu;
/** The brand is the same in every language. */
const ALLOWED = new Set(['Meridian']);

describe('no untranslated text in the back office', () => {
  const files = tsxFiles(srcDir);

  it('scans the screens', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it.each(files.map((f) => [path.relative(srcDir, f), f]))('%s', (_name, file) => {
    const source = readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    const found: string[] = [];
    for (const m of source.matchAll(JSX_TEXT)) {
      const text = m[1]!.trim();
      // Skip TypeScript generics and comparisons the regex can catch between < and >.
      if (/[;=()]|=>|\b(const|return|import|export|type)\b/.test(text)) continue;
      if (/\n/.test(text) && /\w:\s/.test(text)) continue; // object literal between two JSX values
      if (/^,\s*\w+:$/.test(text)) continue; // `<A />,\n  key: <B />` in an object of elements
      if (/\?\s*'[^']*'\s*:/.test(text)) continue; // a ternary between `x > 0` and `y < 0`
      if (
        /^[\w.]+(\s*[|&]\s*[\w.[\]]+)*(,\s*[\w.]+)*$/.test(text) &&
        !/\s/.test(text.replace(/\s*[|&,]\s*/g, ''))
      )
        continue; // a type argument list (Select<AdminLanguage>, Table<StaffUserRow>)
      if (!ALLOWED.has(text)) found.push(text);
    }
    for (const m of source.matchAll(LITERAL_ATTR)) found.push(`${m[1]}="${m[2]}"`);
    for (const m of source.matchAll(LITERAL_PROP)) found.push(`${m[1]}: '${m[2]}'`);
    expect(found).toEqual([]);
  });

  it('catches a literal (self-test)', () => {
    const sample = '<Button>Save now</Button> <Input placeholder="Search users" /> { title: \'Name\' }';
    expect([...sample.matchAll(JSX_TEXT)].map((m) => m[1])).toContain('Save now');
    expect([...sample.matchAll(LITERAL_ATTR)].map((m) => m[2])).toContain('Search users');
    expect([...sample.matchAll(LITERAL_PROP)].map((m) => m[2])).toContain('Name');
  });
});
