import type { DayMarketPush } from '@meridian/contracts';
import { create } from 'zustand';

export type LiveQuote = DayMarketPush['data'];

interface QuotesState {
  byId: Record<number, LiveQuote>;
  applyMany: (ticks: Iterable<LiveQuote>) => void;
}

/**
 * Fast-changing quotations keyed by instrument Id. Fed only by the socket client (DAY_MARKET);
 * each row subscribes to its own instrument's slice, so a tick re-renders only its row.
 */
export const useQuotes = create<QuotesState>()((set) => ({
  byId: {},
  applyMany: (ticks) =>
    set((s) => {
      let next: Record<number, LiveQuote> | null = null;
      for (const tick of ticks) {
        const prev = (next ?? s.byId)[tick.Id];
        if (prev && prev.Time > tick.Time) continue; // out of order
        next ??= { ...s.byId };
        next[tick.Id] = tick;
      }
      return next ? { byId: next } : s;
    }),
}));

export const useLiveQuote = (id: number) => useQuotes((s) => s.byId[id]);

/**
 * Coalesces ticks (the feed sends about 50 a second) into one store update per interval: the
 * latest tick of each instrument wins, so the screen re-renders a few times a second at most.
 */
export function createTickBatcher(
  intervalMs = 250,
  apply = (t: Iterable<LiveQuote>) => useQuotes.getState().applyMany(t),
) {
  const pending = new Map<number, LiveQuote>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    if (pending.size === 0) return;
    const batch = [...pending.values()];
    pending.clear();
    apply(batch);
  };
  return {
    push(tick: LiveQuote) {
      const prev = pending.get(tick.Id);
      if (!prev || prev.Time <= tick.Time) pending.set(tick.Id, tick);
      if (timer === null) timer = setTimeout(flush, intervalMs);
    },
    flush,
  };
}
