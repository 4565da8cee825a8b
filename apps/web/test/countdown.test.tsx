import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESEND_SECONDS, useCountdown } from '../src/features/auth/hooks/use-countdown';

describe('resend countdown (spec §4, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is 60 seconds by default', () => {
    expect(RESEND_SECONDS).toBe(60);
  });

  it('counts down once a second from the start to 0, then stops', () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current.remaining).toBe(0);
    act(() => result.current.start());
    expect(result.current.remaining).toBe(60);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.remaining).toBe(59);
    act(() => vi.advanceTimersByTime(29_000));
    expect(result.current.remaining).toBe(30);
    act(() => vi.advanceTimersByTime(30_000));
    expect(result.current.remaining).toBe(0);
    expect(vi.getTimerCount()).toBe(0); // no interval left running
  });

  it('follows the clock, not the number of ticks (a throttled tab still ends on time)', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(60));
    // The clock jumps 45 s while no interval fires.
    act(() => {
      vi.setSystemTime(Date.now() + 45_000);
      vi.advanceTimersByTime(1000);
    });
    expect(result.current.remaining).toBe(14);
  });

  it('restarts with the server’s resend_after', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(60));
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current.remaining).toBe(0);
    act(() => result.current.start(30));
    expect(result.current.remaining).toBe(30);
  });

  it('stops ticking when the screen goes away', () => {
    const { result, unmount } = renderHook(() => useCountdown());
    act(() => result.current.start());
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
