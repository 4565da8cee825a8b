import type { User } from '@meridian/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../src/lib/query-client';
import { watchAccountChanges } from '../src/lib/session';
import { useSession } from '../src/stores/session';

describe('switching accounts without a logout', () => {
  const stop = watchAccountChanges();
  afterEach(() => useSession.getState().clear());

  it('forgets what was cached for the previous account (balance, user, orders), keeps market data', () => {
    useSession.getState().setSession('demo-token', { uid: '1' } as User);
    queryClient.setQueryData(['wallet', 'balance'], { balance: '101234.56' });
    queryClient.setQueryData(['user', 'info'], { uid: '1' });
    queryClient.setQueryData(['orders', 'list', 1], []);
    queryClient.setQueryData(['market', 'trade-list'], ['EURUSD']);
    useSession.getState().setSession('real-token', { uid: '2' } as User);
    expect(queryClient.getQueryData(['wallet', 'balance'])).toBeUndefined();
    expect(queryClient.getQueryData(['user', 'info'])).toBeUndefined();
    expect(queryClient.getQueryData(['orders', 'list', 1])).toBeUndefined();
    expect(queryClient.getQueryData(['market', 'trade-list'])).toEqual(['EURUSD']);
    stop();
  });
});
