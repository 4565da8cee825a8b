import type { Order } from '@meridian/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type OrderPage, type OrderPages, orderKeys } from '../src/features/orders/api/get-orders';
import { useOrderPushes } from '../src/features/orders/hooks/use-order-pushes';
import { socket } from '../src/lib/realtime';
import { anOrder } from './order-fixture';

const position = (Id: number): Order =>
  anOrder({ Id, Quantity: '0.01', FactProfits: '0.08', CautionMoney: '116.512000', TradeFee: '0.349536' });

const page = (ids: number[], total: number): OrderPage => ({
  data: ids.map(position),
  total,
  all_fact_profits: '1.76',
  balance: '100000.00',
});
const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i);

/** Mounts the hook on a holding list and returns a FOREX_TRADE pusher and the list reloads seen. */
function mount(holding: OrderPages) {
  const handlers = new Map<string, (msg: { type: string; data?: unknown }) => void>();
  vi.spyOn(socket, 'on').mockImplementation((type, fn) => {
    handlers.set(type, fn);
    return () => handlers.delete(type);
  });
  const client = new QueryClient();
  client.setQueryData(orderKeys.list(1), holding);
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  renderHook(() => useOrderPushes(() => {}), { wrapper });
  let now = 1_800_000_000_000;
  vi.spyOn(Date, 'now').mockImplementation(() => now);
  const push = (ids: number[], margin = '2563.264000') => {
    now += 2_500; // past the 2 s the reload waits between two
    act(() =>
      handlers.get('FOREX_TRADE')!({
        type: 'FOREX_TRADE',
        data: {
          ProfitsTotal: '1.76',
          HazardRate: '39000.00',
          CautionMoneyAll: margin,
          NetValue: '100001.76',
          TransOrder: ids.map((Id) => ({ Id, UpdatePrice: 1.1652, FactProfits: '0.08' })),
        },
      }),
    );
  };
  const reloads = () =>
    invalidate.mock.calls.filter(([f]) => JSON.stringify(f?.queryKey) === JSON.stringify(orderKeys.list(1)))
      .length;
  const summaryReloads = () =>
    invalidate.mock.calls.filter(([f]) => JSON.stringify(f?.queryKey) === JSON.stringify(orderKeys.summary))
      .length;
  return { push, reloads, summaryReloads };
}

describe('FOREX_TRADE reloads the holding list only for positions it is missing', () => {
  beforeEach(() => {
    vi.spyOn(socket, 'subscribe').mockImplementation(() => () => {});
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('22 positions, 20 loaded: the 2 on the next page are not new, pushes never reload', () => {
    const { push, reloads } = mount({ pages: [page(range(22, 3), 22)], pageParams: [{ page: 1 }] });
    for (let i = 0; i < 5; i++) push(range(22, 1));
    expect(reloads()).toBe(0);
  });

  it('a position newer than the loaded ones, or sorting between them, reloads', () => {
    // Loaded: 41 … 21 without 30 (20 rows); on the next page: 5 and 4.
    const loaded = range(41, 21).filter((id) => id !== 30);
    const first = mount({ pages: [page(loaded, 22)], pageParams: [{ page: 1 }] });
    first.push([...loaded, 5, 4]);
    expect(first.reloads()).toBe(0);
    first.push([42, ...loaded, 5, 4]); // the last order placed, filled
    expect(first.reloads()).toBe(1);
    cleanup();
    const second = mount({ pages: [page(loaded, 22)], pageParams: [{ page: 1 }] });
    second.push([...loaded, 30, 5, 4]); // an older pending order filled: it belongs on page 1
    expect(second.reloads()).toBe(1);
  });

  it('a fully loaded list reloads for any id it has never seen', () => {
    const { push, reloads } = mount({ pages: [page(range(10, 3), 8)], pageParams: [{ page: 1 }] });
    push(range(10, 3));
    expect(reloads()).toBe(0);
    push([...range(10, 3), 2]); // an older pending order that filled
    expect(reloads()).toBe(1);
  });

  it('asks the summary afresh when the margin held moved (the balance moved with it)', () => {
    const { push, summaryReloads } = mount({ pages: [page(range(10, 3), 8)], pageParams: [{ page: 1 }] });
    push(range(10, 3));
    push(range(10, 3)); // prices moved, nothing placed or ended: the balance stands
    expect(summaryReloads()).toBe(0);
    push(range(10, 3), '2679.776000'); // a pending order placed from another device
    expect(summaryReloads()).toBe(1);
    push(range(10, 3), '2679.776000');
    expect(summaryReloads()).toBe(1);
  });
});
