import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginScreen } from '../src/features/auth/components/login-screen';
import { meKeys } from '../src/lib/me';
import { getToken, setToken } from '../src/lib/session';
import { mockFetch, renderRoutes, setupTestI18n } from './helpers';

const staff = {
  id: 3,
  email: 'owner@meridian.example',
  name: 'Olivia',
  role: 'owner',
  totpEnabled: true,
  disabled: false,
  createdAt: '2025-01-01T00:00:00Z',
  lastLoginAt: null,
};

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const bodyOf = (call: unknown[] | undefined) => JSON.parse(String((call![1] as RequestInit).body));

async function renderLogin() {
  return renderRoutes(
    [
      { path: '/login', element: <LoginScreen /> },
      { path: '/', element: <p>signed in</p> },
      { path: '/totp', element: <p>enrol</p> },
    ],
    '/login',
  );
}

describe('LoginScreen', () => {
  beforeAll(async () => {
    await setupTestI18n();
  });
  beforeEach(() => setToken(null));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for the authenticator code on 5102 and sends it with the password', async () => {
    const fetch = mockFetch(
      { code: 5102, msg: 'Enter the 6-digit code from your authenticator app', data: null },
      { code: 1, msg: 'Success', data: { token: 'tok-9', staff, mustEnrolTotp: false } },
    );
    const { router, queryClient } = await renderLogin();
    expect(screen.queryByLabelText('Authenticator code')).toBeNull();

    type('E-mail', 'owner@meridian.example');
    type('Password', 'correct horse 1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(screen.getByLabelText('Authenticator code')).toBeTruthy());
    expect(screen.getByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();
    expect(bodyOf(fetch.mock.calls[0])).toEqual({
      email: 'owner@meridian.example',
      password: 'correct horse 1',
    });

    type('Authenticator code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(bodyOf(fetch.mock.calls[1])).toEqual({
      email: 'owner@meridian.example',
      password: 'correct horse 1',
      totp: '123456',
    });
    expect(getToken()).toBe('tok-9');
    expect(queryClient.getQueryData(meKeys.all)).toEqual({ staff, mustEnrolTotp: false });
  });

  it('a role that must enrol goes to the enrolment screen', async () => {
    mockFetch({
      code: 1,
      msg: 'Success',
      data: { token: 'tok-1', staff: { ...staff, totpEnabled: false }, mustEnrolTotp: true },
    });
    const { router } = await renderLogin();
    type('E-mail', 'owner@meridian.example');
    type('Password', 'correct horse 1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/totp'));
  });

  it('any other refusal stays on the password step', async () => {
    const fetch = mockFetch({ code: 5101, msg: 'Wrong e-mail or password', data: null });
    await renderLogin();
    type('E-mail', 'owner@meridian.example');
    type('Password', 'nope');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByText('Wrong e-mail or password')).toBeTruthy());
    expect(screen.queryByLabelText('Authenticator code')).toBeNull();
    expect(getToken()).toBeNull();
  });
});
