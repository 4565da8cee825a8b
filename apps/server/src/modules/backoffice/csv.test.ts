import { staffAuditCall, staffPositionsCall, staffUsersCall } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { csvColumnsOf, toCsv } from './csv.ts';

describe('CSV exports', () => {
  it('starts with a byte order mark so Excel reads UTF-8 (Chinese memos), then the header and rows', () => {
    const csv = toCsv([{ id: 1, memo: '凍結：反洗錢審查', amount: '-12.50' }]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1)).toBe('id,memo,amount\r\n1,凍結：反洗錢審查,-12.50\r\n');
  });

  it('an export with no rows still has its header (it was an empty file)', () => {
    expect(toCsv([], ['id', 'email'])).toBe('\uFEFFid,email\r\n');
  });

  it('quotes what needs it and defuses formulas', () => {
    const csv = toCsv([{ a: 'x,"y"', b: '=HYPERLINK("http://evil")', c: '@SUM(A1)', d: { k: 1 } }]);
    expect(csv.split('\r\n')[1]).toBe(`"x,""y""","'=HYPERLINK(""http://evil"")",'@SUM(A1),"{""k"":1}"`);
  });

  it("takes the columns from the list call's row contract, in its order", () => {
    expect(csvColumnsOf(staffUsersCall.data)).toContain('uid');
    expect(csvColumnsOf(staffPositionsCall.data)?.length).toBeGreaterThan(5);
    expect(csvColumnsOf(staffAuditCall.data)).toContain('action');
  });
});
