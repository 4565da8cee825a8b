import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useKlineAgainOnFirstOpen } from '../src/features/trade/hooks/use-live-candle';
import { queryClient } from '../src/lib/query-client';
import { socket } from '../src/lib/realtime';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);
/** What the socket client says when its connection opens (it has none in this test). */
const opened = () => (socket as unknown as { emit(m: { type: string }): void }).emit({ type: 'open' });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the candle history when the socket opens after the screen asked for it', () => {
  it("asks for the instrument's history again on the first open only", () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    expect(socket.isOpen).toBe(false);
    renderHook(() => useKlineAgainOnFirstOpen(29), { wrapper });
    expect(invalidate).not.toHaveBeenCalled();
    opened();
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate.mock.calls[0]![0]).toEqual({ queryKey: ['trade', 'kline', 29] });
    opened(); // a reconnection: the gap reload's, not this hook's
    expect(invalidate).toHaveBeenCalledTimes(1);
  });
});
