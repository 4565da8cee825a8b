import type { DayMarketPush } from '@meridian/contracts';
import { useCallback, useSyncExternalStore } from 'react';
import { create } from 'zustand';

export type LiveQuote = DayMarketPush['data'];

interface QuotesState {
  byId: Record<number, LiveQuote>;
  applyMany: (ticks: Iterable<LiveQuote>) => void;
}

type Listener = () => void;
/** Listeners of one instrument: a batch wakes only the rows whose instrument ticked. */
const listenersById = new Map<number, Set<Listener>>();

/**
 * Fast-changing quotations keyed by instrument Id. Fed only by the socket client (DAY_MARKET);
 * each row subscribes to its own instrument (`useQuoteValue`), so a tick re-renders only its row.
 */
export const useQuotes = create<QuotesState>()((set) => ({
  byId: {},
  applyMany: (ticks) => {
    const changed: number[] = [];
    set((s) => {
      let next: Record<number, LiveQuote> | null = null;
      for (const tick of ticks) {
        const prev = (next ?? s.byId)[tick.Id];
        if (prev && prev.Time > tick.Time) continue; // out of order
        next ??= { ...s.byId };
        next[tick.Id] = tick;
        changed.push(tick.Id);
      }
      return next ? { byId: next } : s;
    });
    for (const id of changed) {
      const listeners = listenersById.get(id);
      if (listeners) for (const fn of listeners) fn();
    }
  },
}));

/** Calls `fn` after every update of one instrument's quote; returns the unsubscriber. */
export function subscribeQuote(id: number, fn: Listener): () => void {
  let set = listenersById.get(id);
  if (!set) {
    set = new Set();
    listenersById.set(id, set);
  }
  set.add(fn);
  return () => {
    set.delete(fn);
    if (set.size === 0 && listenersById.get(id) === set) listenersById.delete(id);
  };
}

const noSubscription = () => () => {};

/**
 * A value derived from one instrument's live quote (return a primitive: the component re-renders
 * only when it changes). While `active` is false (e.g. the row is scrolled out of view) ticks are
 * not listened to; the value catches up as soon as it is active again.
 */
export function useQuoteValue<T>(id: number, select: (quote: LiveQuote | undefined) => T, active = true): T {
  const subscribe = useCallback((fn: Listener) => subscribeQuote(id, fn), [id]);
  return useSyncExternalStore(active ? subscribe : noSubscription, () =>
    select(useQuotes.getState().byId[id]),
  );
}

export const useLiveQuote = (id: number) => useQuoteValue(id, (q) => q);

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
