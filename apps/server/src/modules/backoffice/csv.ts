import { z } from 'zod';

/** Byte order mark: without it Excel reads UTF-8 as the system code page (Chinese memos garbled). */
const BOM = '\uFEFF';

/**
 * Rows → CSV (RFC 4180), UTF-8 with a byte order mark: a header from `columns` (or the first row's
 * keys), every field quoted when it needs it, objects as JSON. A cell that a spreadsheet would run as
 * a formula (=, +, -, @ first) is prefixed with an apostrophe (OWASP CSV injection), except plain
 * numbers such as "-12.50". No rows still gives the header, so an empty export says what it holds.
 */
export function toCsv(rows: object[], columns?: readonly string[]): string {
  const keys = columns ?? (rows[0] ? Object.keys(rows[0]) : []);
  if (keys.length === 0) return BOM;
  const cell = (v: unknown): string => {
    let s = v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
    if (/^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const lines = [
    keys.map(cell).join(','),
    ...rows.map((r) => keys.map((k) => cell((r as Record<string, unknown>)[k])).join(',')),
  ];
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** The columns of a paged list call's rows (`{ rows: [row], total }`), read from its contract. */
export function csvColumnsOf(data: z.ZodType): string[] | undefined {
  if (!(data instanceof z.ZodObject)) return undefined;
  const rows = data.shape.rows;
  if (!(rows instanceof z.ZodArray) || !(rows.element instanceof z.ZodObject)) return undefined;
  return Object.keys(rows.element.shape);
}
