/**
 * Rows → CSV (RFC 4180): a header from the first row's keys, every field quoted when it needs it,
 * objects as JSON. A cell that a spreadsheet would run as a formula (=, +, -, @ first) is prefixed
 * with an apostrophe (OWASP CSV injection), except plain numbers such as "-12.50".
 */
export function toCsv(rows: object[]): string {
  if (rows.length === 0) return '';
  const keys = Object.keys(rows[0]!);
  const cell = (v: unknown): string => {
    let s = v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
    if (/^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const lines = [
    keys.join(','),
    ...rows.map((r) => keys.map((k) => cell((r as Record<string, unknown>)[k])).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
