import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  tsxFiles,
  type UntranslatedTextRules,
  untranslatedText,
} from '../../../packages/i18n/test-support/untranslated-text';

/**
 * Guard against untranslated UI text (STYLE.md habits): every visible string must come from the
 * catalogs. Flags JSX text with letters and literal user-facing attributes in src/**.tsx.
 */
const srcDir = path.resolve(import.meta.dirname, '../src');

const RULES: UntranslatedTextRules = {
  attribute: /\b(aria-label|placeholder|title|alt)="([^"]*\p{L}[^"]*)"/gu,
  /** Brand and symbols that are the same in every language. */
  allowed: new Set(['Meridian']),
};

describe('no untranslated text in the web app', () => {
  const files = tsxFiles(srcDir);

  it('scans the screens', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(files)('%s', (_name, file) => {
    expect(untranslatedText(file, RULES)).toEqual([]);
  });
});
