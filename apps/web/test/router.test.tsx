import { cleanup, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../src/app/router';
import { queryClient } from '../src/lib/query-client';
import { socket } from '../src/lib/realtime';
import { setBeforeRequest } from '../src/lib/request';
import { useSession } from '../src/stores/session';
import { setupTestI18n } from './i18n-helper';
import { renderRouter } from './render-router';

async function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await renderRouter(router);
  return router;
}

describe('router (spec §2)', () => {
  beforeAll(async () => {
    await setupTestI18n();
  });
  beforeEach(() => {
    // Screens stay offline here: every request is blocked (and its warning muted).
    setBeforeRequest(() => false);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    useSession.getState().clear();
    setBeforeRequest(null);
    queryClient.clear();
    vi.restoreAllMocks();
  });

  it('redirects a logged-out visit of /order and /user to /login?from=', async () => {
    vi.spyOn(socket, 'ensureConnected').mockImplementation(() => {});
    const router = await renderAt('/order?type=1');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 });
    expect(router.state.location.search).toBe(`?from=${encodeURIComponent('/order?type=1')}`);
    cleanup();
    const r2 = await renderAt('/user');
    await vi.waitFor(() => expect(r2.state.location.pathname).toBe('/login'));
    expect(r2.state.location.search).toBe('?from=%2Fuser');
  });

  it('sends unknown paths to /', async () => {
    vi.spyOn(socket, 'ensureConnected').mockImplementation(() => {});
    const router = await renderAt('/no/such/page');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('renders a later-issue screen as Coming soon with its title, and connects the socket', async () => {
    const connect = vi.spyOn(socket, 'ensureConnected').mockImplementation(() => {});
    await renderAt('/feedback');
    await screen.findByRole('heading', { name: 'Feedback' });
    expect(screen.getByText('Coming soon')).toBeTruthy();
    // The connection is made by the root layout's effect, which may land after the screen paints.
    await vi.waitFor(() => expect(connect).toHaveBeenCalled());
  });

  it('shows the tab bar on footer routes only', async () => {
    vi.spyOn(socket, 'ensureConnected').mockImplementation(() => {});
    await renderAt('/rank');
    await screen.findByRole('navigation');
    expect(screen.getByRole('link', { name: /Ranking/ }).getAttribute('aria-current')).toBe('page');
    cleanup();
    await renderAt('/feedback');
    await screen.findByText('Coming soon');
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
