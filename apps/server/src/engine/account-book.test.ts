import { LEDGER_TYPE } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { AccountBook, addMicros, micros, microsWithin } from './account-book.ts';
import type { EntryDraft } from './journal.repository.ts';
import type { Journal } from './journal.ts';
import { RevaluationArena } from './revaluation/revaluation-arena.ts';

/** A book over a journal that only records what was staged. */
function bookWith(rows: Array<{ id: number; balance: string; lock?: string; margin?: string }>) {
  const staged: EntryDraft[] = [];
  const journal = { putEntry: (e: EntryDraft) => staged.push(e) } as unknown as Journal;
  const book = new AccountBook({} as never, journal, () => 1_000, new RevaluationArena(1));
  book.adopt(
    rows.map((r) => ({
      id: r.id,
      balance: r.balance,
      lock: r.lock ?? '0',
      margin: r.margin ?? '0',
      tradingFrozen: false,
    })),
  );
  return { book, staged };
}

describe('account book money (micro-dollars as safe integers, ADR 0007)', () => {
  it('moves exact micro-dollars and stages one entry with the balance after', () => {
    const { book, staged } = bookWith([{ id: 7, balance: '100.000001' }]);
    const r = book.move({
      userId: 7,
      type: LEDGER_TYPE.MARGIN_HOLD,
      balanceDelta: -micros('0.1'),
      marginDelta: micros('0.1'),
    });
    expect(r).toEqual({ ok: true, balanceAfter: 99_900_001 });
    const s = book.slot(7);
    expect([book.balanceMicros[s], book.marginMicros[s], book.lockMicros[s]]).toEqual([
      99_900_001, 100_000, 0,
    ]);
    expect(staged).toEqual([
      expect.objectContaining({
        userId: 7,
        balanceDelta: -100_000,
        marginDelta: 100_000,
        balanceAfter: 99_900_001,
      }),
    ]);
  });

  it('refuses a move that would take a figure below zero, changing nothing', () => {
    const { book, staged } = bookWith([{ id: 1, balance: '5', margin: '1' }]);
    expect(book.move({ userId: 1, type: LEDGER_TYPE.POSITION_SETTLE, balanceDelta: -5_000_001 })).toEqual({
      ok: false,
    });
    expect(
      book.move({ userId: 1, type: LEDGER_TYPE.POSITION_SETTLE, balanceDelta: 0, marginDelta: -1_000_001 }),
    ).toEqual({ ok: false });
    expect(book.balanceMicros[book.slot(1)]).toBe(5_000_000);
    expect(staged).toEqual([]);
    // A settlement may leave the balance negative for its one entry (negative balance protection).
    expect(
      book.move({
        userId: 1,
        type: LEDGER_TYPE.POSITION_SETTLE,
        balanceDelta: -6_000_000,
        allowNegativeBalance: true,
      }),
    ).toEqual({ ok: true, balanceAfter: -1_000_000 });
    // In deficit: money coming in is taken even when it does not lift the balance above zero (a
    // cancelled order's reserves, a deposit); money going out is refused as before.
    expect(book.move({ userId: 1, type: LEDGER_TYPE.POSITION_SETTLE, balanceDelta: 400_000 })).toEqual({
      ok: true,
      balanceAfter: -600_000,
    });
    expect(book.move({ userId: 1, type: LEDGER_TYPE.TRADE_FEE, balanceDelta: -1 })).toEqual({ ok: false });
    expect(book.move({ userId: 1, type: LEDGER_TYPE.POSITION_SETTLE, balanceDelta: 600_000 })).toEqual({
      ok: true,
      balanceAfter: 0,
    });
  });

  it('refuses figures a double cannot hold exactly instead of rounding them', () => {
    // 2^53 − 1 micro-dollars is the largest exact figure.
    const { book, staged } = bookWith([{ id: 2, balance: '9007199254.740991', lock: '1' }]);
    const s = book.slot(2);
    expect(book.balanceMicros[s]).toBe(Number.MAX_SAFE_INTEGER);
    expect(book.move({ userId: 2, type: LEDGER_TYPE.STAFF_ADJUSTMENT, balanceDelta: 1 })).toEqual({
      ok: false,
    });
    // Any one figure beyond exact refuses the whole movement.
    expect(
      book.move({
        userId: 2,
        type: LEDGER_TYPE.WITHDRAWAL_FREEZE,
        balanceDelta: -1,
        lockDelta: Number.MAX_SAFE_INTEGER,
      }),
    ).toEqual({ ok: false });
    expect([book.balanceMicros[s], book.lockMicros[s]]).toEqual([Number.MAX_SAFE_INTEGER, 1_000_000]);
    expect(staged).toEqual([]);
    expect(microsWithin('9007199254.740992')).toBeNull();
    expect(microsWithin('9007199254.740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => micros('9007199254.740992')).toThrow(RangeError);
    expect(() => bookWith([{ id: 3, balance: '9007199254.740992' }])).toThrow(RangeError);
    expect(() => addMicros(Number.MAX_SAFE_INTEGER, 1)).toThrow(RangeError);
    expect(addMicros(Number.MAX_SAFE_INTEGER, -1)).toBe(Number.MAX_SAFE_INTEGER - 1);
  });

  it('keeps each account in its own slot across growth', () => {
    const rows = Array.from({ length: 2_500 }, (_, i) => ({ id: 10 + i, balance: `${i}.5` }));
    const { book } = bookWith(rows);
    for (const r of rows) {
      const s = book.slot(r.id);
      expect(book.userAt(s)).toBe(r.id);
      expect(book.balanceMicros[s]).toBe(micros(r.balance));
    }
    expect(book.slotOf(99_999)).toBeUndefined();
    expect(() => book.slot(99_999)).toThrow();
  });
});
