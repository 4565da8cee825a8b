import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isHomePath, startFirstScreen, takeFirstScreen } from '../src/app/first-screen';
import { calls } from '../src/lib/calls';
import { useSession } from '../src/stores/session';
import { readStoredToken, SESSION_STORAGE_KEY } from '../src/stores/session-storage';

type Answer = { code: number; msg: string; data: unknown } | Error;

/** Answers the early requests by path; records what was sent. */
function fakeFetch(answers: Record<string, Answer>) {
  const sent: { url: URL; headers: Record<string, string> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL, init: { headers: Record<string, string> }) => {
      sent.push({ url: new URL(input), headers: init.headers });
      const answer = answers[new URL(input).pathname];
      if (!answer || answer instanceof Error) throw answer ?? new TypeError('Failed to fetch');
      return { json: async () => answer } as Response;
    }),
  );
  return sent;
}

describe('first screen: early requests of the home screen', () => {
  beforeEach(() => {
    location.hash = '';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Cookies.remove('lang', { path: '/' });
    useSession.getState().clear();
  });

  it('reads the token as the session store persists it, without the store', () => {
    expect(readStoredToken()).toBeNull();
    useSession.setState({ token: 'tok-9' });
    expect(readStoredToken()).toBe('tok-9');
    localStorage.setItem(SESSION_STORAGE_KEY, '{not json');
    expect(readStoredToken()).toBeNull();
  });

  it('knows the home path of the hash router', () => {
    expect(isHomePath()).toBe(true);
    location.hash = '#/?x=1';
    expect(isHomePath()).toBe(true);
    location.hash = '#/login';
    expect(isHomePath()).toBe(false);
  });

  it('sends the request layer’s headers and t, and hands a code-1 answer to the query', async () => {
    Cookies.set('lang', 'en', { path: '/' });
    useSession.setState({ token: 'tok-1' });
    const sent = fakeFetch({
      [calls.tradeList.path]: { code: 1, msg: 'ok', data: [{ Id: 1 }] },
      [calls.categories.path]: { code: 1, msg: 'ok', data: [{ Id: 2 }] },
    });
    await startFirstScreen();
    expect(sent.map((s) => s.url.pathname).sort()).toEqual(
      [calls.categories.path, calls.tradeList.path].sort(),
    );
    for (const s of sent) {
      expect(s.headers).toEqual({ lang: 'en', authorization: 'tok-1' });
      expect(Number(s.url.searchParams.get('t'))).toBeGreaterThan(0);
    }
    const regular = vi.fn(async () => 'regular');
    expect(await takeFirstScreen(calls.tradeList.path, regular)).toEqual([{ Id: 1 }]);
    expect(regular).not.toHaveBeenCalled();
    // Taken once: a later query runs the regular call.
    expect(await takeFirstScreen(calls.tradeList.path, regular)).toBe('regular');
  });

  it('drops anything but a code-1 envelope and runs the regular call (its toasts, 999, …)', async () => {
    fakeFetch({
      [calls.tradeList.path]: { code: 500, msg: 'busy', data: null },
      [calls.categories.path]: new TypeError('Failed to fetch'),
    });
    await startFirstScreen();
    const regular = vi.fn(async () => 'regular');
    expect(await takeFirstScreen(calls.tradeList.path, regular)).toBe('regular');
    expect(await takeFirstScreen(calls.categories.path, regular)).toBe('regular');
    expect(regular).toHaveBeenCalledTimes(2);
  });

  it('requests nothing early away from the home screen', async () => {
    location.hash = '#/user';
    const sent = fakeFetch({});
    await startFirstScreen();
    expect(sent).toHaveLength(0);
    const regular = vi.fn(async () => 'regular');
    expect(await takeFirstScreen(calls.tradeList.path, regular)).toBe('regular');
  });
});
