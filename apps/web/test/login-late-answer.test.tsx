import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginScreen } from '../src/features/auth/components/login-screen';
import { queryClient } from '../src/lib/query-client';
import { configureRequest, setHttpClient } from '../src/lib/request';
import { useSession } from '../src/stores/session';
import { serveApi } from './fake-api';
import { setupTestI18n } from './i18n-helper';
import { renderRouter } from './render-router';

const demoUser = {
  id: 7,
  uid: '10000007',
  email: '',
  mobile: '',
  area_code: '',
  balance: '100000.00',
  lock_balance: '0.00',
  credit_score: 100,
  is_demo: 1,
  invite_code: 'AB12CD34',
  created_at: '2026-11-18T12:00:00Z',
};

describe('login: an answer that comes after the trader went elsewhere', () => {
  beforeAll(async () => {
    await setupTestI18n();
  });
  beforeEach(() => {
    configureRequest({ getToken: () => null, getLanguage: () => 'en', toast: vi.fn() });
  });
  afterEach(() => {
    cleanup();
    setHttpClient(null);
    queryClient.clear();
    useSession.getState().clear();
  });

  async function renderLogin() {
    const router = createMemoryRouter(
      [
        { path: '/login', element: <LoginScreen /> },
        { path: '*', element: <p>elsewhere</p> },
      ],
      { initialEntries: ['/login?from=%2Fuser'] },
    );
    await renderRouter(router);
    return router;
  }

  it('signs in but leaves the trader where they went (it pulled them back to /user)', async () => {
    let answer!: (v: unknown) => void;
    serveApi({
      '/api/user/createAccountDemoForU': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    const router = await renderLogin();
    await act(async () => {
      fireEvent.click(screen.getByText('Try a demo account'));
    });
    await act(async () => {
      await router.navigate('/trade');
    });
    await act(async () => {
      answer({ token: 'tok-demo', user: demoUser });
    });
    await vi.waitFor(() => expect(useSession.getState().token).toBe('tok-demo'));
    expect(router.state.location.pathname).toBe('/trade');
  });

  it('still goes to `from` when the answer comes while the login screen is shown', async () => {
    serveApi({ '/api/user/createAccountDemoForU': () => ({ token: 'tok-demo', user: demoUser }) });
    const router = await renderLogin();
    await act(async () => {
      fireEvent.click(screen.getByText('Try a demo account'));
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/user'));
  });
});
