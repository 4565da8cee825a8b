import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Guard against untranslated UI text (STYLE.md habits): every visible string must come from the
 * catalogs. Flags JSX text with letters and literal user-facing attributes in src/**.tsx.
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
const LITERAL_ATTR = /\b(aria-label|placeholder|title|alt)="([^"]*\p{L}[^"]*)"/gu;
/** Brand and symbols that are the same in every language. */
const ALLOWED = new Set(['Meridian']);

describe('no untranslated text in the web app', () => {
  const files = tsxFiles(srcDir);

  it('scans the screens', () => {
    expect(files.length).toBeGreaterThan(10);
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
      if (!ALLOWED.has(text)) found.push(text);
    }
    for (const m of source.matchAll(LITERAL_ATTR)) found.push(`${m[1]}="${m[2]}"`);
    expect(found).toEqual([]);
  });
});
