import { afterEach, describe, expect, it } from 'vitest';
import { reloadAfterGap } from '../src/app/after-gap';
import { orderKeys } from '../src/features/orders/api/get-orders';
import { useLiveOrders } from '../src/features/orders/live';
import { klineKeys } from '../src/features/trade/api/get-kline';
import { walletKeys } from '../src/features/wallet/api/keys';
import { queryClient } from '../src/lib/query-client';

describe('reload after a socket gap', () => {
  afterEach(() => queryClient.clear());

  it('marks the order lists, summary, candles and balance stale and forgets the live figures', () => {
    const keys = [orderKeys.list(1), orderKeys.summary, klineKeys.series(1, '1min'), walletKeys.balance];
    for (const key of keys) queryClient.setQueryData(key, { cached: true });
    const other = ['settings', 'area-list'];
    queryClient.setQueryData(other, { cached: true });
    useLiveOrders.setState({ account: { ProfitsTotal: '-7.76' } as never, byId: { 4: {} as never } });
    reloadAfterGap();
    for (const key of keys) expect(queryClient.getQueryState(key)?.isInvalidated, String(key)).toBe(true);
    expect(queryClient.getQueryState(other)?.isInvalidated).toBe(false);
    expect(useLiveOrders.getState()).toMatchObject({ account: null, byId: {} });
  });
});
