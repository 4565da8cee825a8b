import { describe, expect, it } from 'vitest';
import { lastInstrumentId, rememberInstrument } from '../src/features/trade/last-instrument';

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
};

describe('the trade screen remembers the instrument shown last', () => {
  it('answers what was remembered, and 0 for nothing or anything that is not an id', () => {
    const s = memory();
    expect(lastInstrumentId(s)).toBe(0);
    rememberInstrument(29, s);
    expect(lastInstrumentId(s)).toBe(29);
    for (const bad of ['', 'abc', '-3', '1.5', '1e400'])
      expect(lastInstrumentId({ getItem: () => bad }), bad).toBe(0);
  });

  it('never throws when storage is unavailable', () => {
    const broken = {
      getItem: (): string | null => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(lastInstrumentId(broken)).toBe(0);
    expect(() => rememberInstrument(3, broken)).not.toThrow();
  });
});
