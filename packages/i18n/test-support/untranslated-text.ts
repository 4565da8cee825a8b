import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The scan behind each app's guard against untranslated UI text (STYLE.md habits): JSX text with
 * letters, and literal user-facing attributes (and, where an app asks, object properties) in its
 * src/**.tsx, comments left out. Each app's test says what it checks; the assertions stay there.
 */

/** Text between `>` and `<` holding a word of two letters or more. */
export const JSX_TEXT = />\s*([^<>{}`]*\p{L}{2,}[^<>{}`]*?)\s*</gu;

/** What the JSX regex catches that is code, not text (true: skip it). */
export type NotText = (text: string) => boolean;

/** Look-alikes in every app's code. */
const COMMON_NOT_TEXT: NotText[] = [
  // TypeScript generics and comparisons the regex can catch between < and >.
  (text) => /[;=()]|=>|\b(const|return|import|export|type)\b/.test(text),
  // An object literal between two JSX values.
  (text) => /\n/.test(text) && /\w:\s/.test(text),
];

export interface UntranslatedTextRules {
  /** Literal attributes that are shown: group 1 the attribute, group 2 its text. */
  attribute: RegExp;
  /** Literal string properties that are shown (`title: 'Name'`): group 1 the name, group 2 the text. */
  property?: RegExp;
  /** This app's further look-alikes of code. */
  notText?: NotText[];
  /** Texts that are the same in every language (the brand). */
  allowed: ReadonlySet<string>;
}

/** The .tsx files under `dir` (tests left out), each as [its path from `dir`, its full path]. */
export function tsxFiles(dir: string): Array<[string, string]> {
  const walk = (at: string): string[] =>
    readdirSync(at, { withFileTypes: true }).flatMap((e) => {
      const p = path.join(at, e.name);
      if (e.isDirectory()) return walk(p);
      return p.endsWith('.tsx') && !p.endsWith('.test.tsx') ? [p] : [];
    });
  return walk(dir).map((file) => [path.relative(dir, file), file]);
}

/** The untranslated texts of one file, as they would read in its source. */
export function untranslatedText(file: string, rules: UntranslatedTextRules): string[] {
  const source = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const notText = [...COMMON_NOT_TEXT, ...(rules.notText ?? [])];
  const found: string[] = [];
  for (const m of source.matchAll(JSX_TEXT)) {
    const text = m[1]!.trim();
    if (notText.some((isCode) => isCode(text))) continue;
    if (!rules.allowed.has(text)) found.push(text);
  }
  for (const m of source.matchAll(rules.attribute)) found.push(`${m[1]}="${m[2]}"`);
  for (const m of rules.property ? source.matchAll(rules.property) : []) found.push(`${m[1]}: '${m[2]}'`);
  return found;
}
