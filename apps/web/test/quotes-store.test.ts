import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTickBatcher, type LiveQuote, subscribeQuote, useQuotes } from '../src/stores/quotes';

const tick = (Id: number, Close: number, Time: number): LiveQuote => ({
  symbol: `S${Id}`,
  Id,
  Open: 1,
  Close,
  Change: 0,
  Bid: Close,
  Ask: Close,
  High: Close,
  Low: Close,
  MarketStatus: 1,
  Time,
});

describe('quotes store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useQuotes.setState({ byId: {} });
  });
  afterEach(() => vi.useRealTimers());

  it('coalesces ticks per interval, the latest per instrument wins', () => {
    const batcher = createTickBatcher(250);
    const listener = vi.fn();
    const unsubscribe = useQuotes.subscribe(listener);
    batcher.push(tick(1, 1.1, 1));
    batcher.push(tick(1, 1.2, 2));
    batcher.push(tick(2, 50, 1));
    expect(listener).not.toHaveBeenCalled();
    vi.advanceTimersByTime(250);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(useQuotes.getState().byId[1]!.Close).toBe(1.2);
    expect(useQuotes.getState().byId[2]!.Close).toBe(50);
    unsubscribe();
  });

  it('keeps other instruments’ slices identical (rows re-render alone)', () => {
    useQuotes.getState().applyMany([tick(1, 1, 1), tick(2, 2, 1)]);
    const before = useQuotes.getState().byId[2];
    useQuotes.getState().applyMany([tick(1, 1.5, 2)]);
    expect(useQuotes.getState().byId[2]).toBe(before);
    useQuotes.getState().applyMany([tick(1, 0.5, 1)]); // older: ignored
    expect(useQuotes.getState().byId[1]!.Close).toBe(1.5);
  });

  it('wakes only the listeners of the instruments that ticked', () => {
    const one = vi.fn();
    const two = vi.fn();
    const offOne = subscribeQuote(1, one);
    const offTwo = subscribeQuote(2, two);
    useQuotes.getState().applyMany([tick(1, 1, 1)]);
    expect(one).toHaveBeenCalledTimes(1);
    expect(two).not.toHaveBeenCalled();
    useQuotes.getState().applyMany([tick(1, 0.9, 0)]); // older: ignored, nobody woken
    expect(one).toHaveBeenCalledTimes(1);
    offOne();
    useQuotes.getState().applyMany([tick(1, 1.1, 2), tick(2, 2, 1)]);
    expect(one).toHaveBeenCalledTimes(1);
    expect(two).toHaveBeenCalledTimes(1);
    offTwo();
  });
});
