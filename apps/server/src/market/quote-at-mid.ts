import type { Quote } from './types.ts';

/** What a feed knows of an instrument to quote it: ids, points per unit of price, the spread. */
export interface QuotedInstrument {
  readonly id: number;
  readonly code: string;
  scale: number;
  spreadPoints: number;
}

/**
 * A quote around a mid price with the instrument's own spread (DESIGN §4: the broker's spread),
 * rounded to its precision; the bid never at or below zero. The simulation and an external bridge
 * both quote this way.
 */
export function quoteAtMid(s: QuotedInstrument, mid: number, timeMs: number, seq: number): Quote {
  const scale = s.scale;
  const midPoints = Math.round(mid * scale);
  const bidPoints = Math.max(1, midPoints - (s.spreadPoints >> 1));
  return {
    instrumentId: s.id,
    code: s.code,
    bid: bidPoints / scale,
    ask: (bidPoints + s.spreadPoints) / scale,
    mid: midPoints / scale,
    timeMs,
    seq,
  };
}
