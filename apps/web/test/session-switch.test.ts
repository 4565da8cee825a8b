import type { User } from '@meridian/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../src/lib/query-client';
import { endsCurrentSession, followOtherTabs, watchAccountChanges } from '../src/lib/session';
import { useSession } from '../src/stores/session';
import { SESSION_STORAGE_KEY } from '../src/stores/session-storage';

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

describe('a session end heard by this tab', () => {
  afterEach(() => useSession.getState().clear());

  it('ends the session it holds, not one it has already left for a newer one', () => {
    useSession.getState().setSession('current-token', { uid: '1' } as User);
    expect(endsCurrentSession('current-token')).toBe(true);
    // A late answer about the demo session this tab replaced by signing in again.
    expect(endsCurrentSession('replaced-token')).toBe(false);
  });

  it('takes the session another tab signed in with, instead of clearing it for every tab', async () => {
    useSession.getState().setSession('left-token', { uid: '1' } as User);
    // Another tab signed in again: storage holds its new session, this tab still the old one.
    localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ state: { token: 'other-tab-token', user: { uid: '2' } }, version: 0 }),
    );
    expect(endsCurrentSession('left-token')).toBe(false);
    await vi.waitFor(() => expect(useSession.getState().token).toBe('other-tab-token'));
  });

  it('follows another tab signing in and out', async () => {
    const signedOut = vi.fn();
    const stop = followOtherTabs(signedOut);
    try {
      const stored = (token: string | null) => {
        const value = JSON.stringify({ state: { token, user: token ? { uid: '3' } : null }, version: 0 });
        localStorage.setItem(SESSION_STORAGE_KEY, value);
        window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY, newValue: value }));
      };
      stored('signed-in-elsewhere');
      await vi.waitFor(() => expect(useSession.getState().token).toBe('signed-in-elsewhere'));
      expect(signedOut).not.toHaveBeenCalled();
      stored(null);
      await vi.waitFor(() => expect(useSession.getState().token).toBeNull());
      await vi.waitFor(() => expect(signedOut).toHaveBeenCalledTimes(1));
    } finally {
      stop();
    }
  });
});
