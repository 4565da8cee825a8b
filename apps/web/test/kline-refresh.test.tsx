import type { CandlePeriodName } from '@meridian/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useKline } from '../src/features/trade/api/get-kline';
import { queryClient } from '../src/lib/query-client';
import { configureRequest } from '../src/lib/request';
import { serveApi } from './fake-api';

const toast = vi.hoisted(() => vi.fn());
vi.mock('../src/lib/toast', () => ({ toast, showLoadingToast: () => () => {} }));

describe('candles when the trader comes back to a period', () => {
  beforeAll(() => configureRequest({ getToken: () => null, getLanguage: () => 'en', toast }));
  afterEach(() => {
    cleanup();
    queryClient.clear();
  });

  it('asks the server again: the copy kept from before missed the live updates while away', async () => {
    let served = 0;
    const api = serveApi({
      '/v1/api/forex/kline': () => {
        served++;
        return [{ Time: 1795354800, Open: 1, High: 2, Low: 1, Close: served, Volume: 0 }];
      },
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result, rerender } = renderHook(
      ({ period }: { period: CandlePeriodName }) => useKline(1, period),
      {
        wrapper,
        initialProps: { period: '1min' },
      },
    );
    await waitFor(() => expect(result.current.data).toBeDefined());
    rerender({ period: '1day' });
    await waitFor(() => expect(api.sentTo('/v1/api/forex/kline')).toHaveLength(2));
    rerender({ period: '1min' }); // back within seconds
    await waitFor(() => expect(api.sentTo('/v1/api/forex/kline')).toHaveLength(3));
    await waitFor(() => expect(result.current.data?.candles[0]?.Close).toBe(3));
  });
});
