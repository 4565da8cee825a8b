import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CodeField } from '../src/features/auth/components/code-field';
import { ForgotScreen } from '../src/features/auth/components/forgot-screen';
import { LoginScreen } from '../src/features/auth/components/login-screen';
import { RegisterScreen } from '../src/features/auth/components/register-screen';
import { useAccountInput } from '../src/features/auth/hooks/use-account-input';
import { PasswordScreen } from '../src/features/user/components/password-screen';
import { queryClient } from '../src/lib/query-client';
import { type RequestInfo, setBeforeRequest } from '../src/lib/request';
import { useSession } from '../src/stores/session';
import { setupTestI18n } from './i18n-helper';
import { renderRouter } from './render-router';

const toast = vi.hoisted(() => vi.fn());
vi.mock('../src/lib/toast', () => ({ toast, showLoadingToast: () => () => {} }));

const sendCode = vi.hoisted(() => vi.fn());
vi.mock('../src/features/auth/api/send-code', () => ({ sendCode }));

async function renderAt(element: ReactNode, path = '/') {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  await renderRouter(router);
  return router;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
const press = async (name: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
};
const lastToast = () => toast.mock.calls.at(-1)?.[0];

describe('account screens check spec §5 before calling', () => {
  beforeAll(async () => {
    await setupTestI18n();
  });
  beforeEach(() => {
    // No request leaves: a blocked call rejects (its warning muted), so a toast here is the screen's own.
    setBeforeRequest(() => false);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    toast.mockClear();
    sendCode.mockReset();
  });
  afterEach(() => {
    cleanup();
    setBeforeRequest(null);
    queryClient.clear();
    useSession.getState().clear();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('login: enter e-mail / phone, then enter password', async () => {
    const before = vi.fn((_info: RequestInfo) => false);
    setBeforeRequest(before);
    await renderAt(<LoginScreen />, '/login');
    await press('Log in');
    expect(lastToast()).toBe('Please enter email');
    type('E-mail', 'a@b.co');
    await press('Log in');
    expect(lastToast()).toBe('Please enter password');
    expect(before.mock.calls.some(([info]) => info.url === '/api/user/loginForU')).toBe(false);

    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: 'Mobile' }));
    });
    await press('Log in');
    expect(lastToast()).toBe('Please enter phone number');
    type('Mobile number', '91234567');
    type('Password', 'secret');
    await press('Log in');
    const login = before.mock.calls.find(([info]) => info.url === '/api/user/loginForU');
    expect(login?.[0].payload).toMatchObject({ account: '91234567', password: 'secret', login_type: 2 });
    expect(login?.[0].options.form).toBe(true);
  });

  it('register: prefills the invitation code, then Please complete and Password inconsistency', async () => {
    await renderAt(<RegisterScreen />, '/register?invite_code=AB12CD34');
    expect((screen.getByLabelText('Invitation code', { selector: 'input' }) as HTMLInputElement).value).toBe(
      'AB12CD34',
    );
    await press('Register');
    expect(lastToast()).toBe('Please complete');
    type('E-mail', 'a@b.co');
    type('Verification code', '123456');
    type('Password', 'Passw0rd1');
    type('Repeat password', 'Passw0rd2');
    await press('Register');
    expect(lastToast()).toBe('Password inconsistency');
  });

  it('reset password: input full, then passwords not equal; the code may stay empty', async () => {
    const before = vi.fn((_info: RequestInfo) => false);
    setBeforeRequest(before);
    await renderAt(<ForgotScreen />, '/forgot');
    type('E-mail', 'a@b.co');
    await press('Reset password');
    expect(lastToast()).toBe('input full');
    type('New password', 'Passw0rd1');
    await press('Reset password');
    expect(lastToast()).toBe('input full');
    type('Repeat password', 'Passw0rd2');
    await press('Reset password');
    expect(lastToast()).toBe('passwords not equal');
    type('Repeat password', 'Passw0rd1');
    await press('Reset password');
    const call = before.mock.calls.find(([info]) => info.url === '/api/user/forget_password');
    expect(call?.[0].payload).toMatchObject({
      type: 1,
      account: 'a@b.co',
      new_password: 'Passw0rd1',
      secondary_password: 'Passw0rd1',
      auth_code: '',
    });
  });

  it('change password: input full, then passwords not equal', async () => {
    useSession.getState().setSession('token', {
      id: 1,
      uid: '10000001',
      email: 'a@b.co',
      mobile: '',
      area_code: '',
      balance: '0.00',
      lock_balance: '0.00',
      credit_score: 100,
      is_demo: 0,
      invite_code: 'AB12CD34',
      created_at: '2026-11-18T12:00:00Z',
    });
    await renderAt(<PasswordScreen />, '/mine/password');
    await press('Confirm');
    expect(lastToast()).toBe('input full');
    type('Current password', 'Old-pass1');
    type('New password', 'New-pass1');
    type('Repeat new password', 'New-pass2');
    await press('Confirm');
    expect(lastToast()).toBe('passwords not equal');
  });

  it('change password: a demo account is told it needs a real one', async () => {
    useSession.getState().setSession('token', {
      id: 2,
      uid: '10000002',
      email: '',
      mobile: '',
      area_code: '',
      balance: '100000.00',
      lock_balance: '0.00',
      credit_score: 100,
      is_demo: 1,
      invite_code: '',
      created_at: '2026-11-18T12:00:00Z',
    });
    await renderAt(<PasswordScreen />, '/mine/password');
    expect(screen.getByText('Please register or log in to a real account')).toBeTruthy();
    expect(screen.queryByLabelText('Current password', { selector: 'input' })).toBeNull();
  });
});

function CodeFieldHarness() {
  const input = useAccountInput();
  return (
    <>
      <label htmlFor="acc">E-mail</label>
      <input id="acc" value={input.account} onChange={(e) => input.setAccount(e.target.value)} />
      <CodeField id="code" input={input} purpose="register" value="" onChange={() => {}} />
    </>
  );
}

describe('send-code button', () => {
  beforeAll(async () => {
    await setupTestI18n();
  });
  beforeEach(() => {
    toast.mockClear();
    sendCode.mockReset();
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('asks for the target first, then sends, shows the server msg and waits 60 s', async () => {
    sendCode.mockResolvedValue({ code: 1, msg: 'Verification code sent', data: { resend_after: 60 } });
    await renderAt(<CodeFieldHarness />);
    const button = screen.getByTestId('send-code') as HTMLButtonElement;

    await act(async () => {
      fireEvent.click(button);
    });
    expect(lastToast()).toBe('Please enter email');
    expect(sendCode).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: ' a@b.co ' } });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(sendCode).toHaveBeenCalledWith({
      mode: 'email',
      to: 'a@b.co',
      areaId: undefined,
      purpose: 'register',
    });
    expect(lastToast()).toBe('Verification code sent');
    expect(button.textContent).toBe('Resend in 60s');
    expect(button.disabled).toBe(true);

    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(button.textContent).toBe('Resend in 59s');
    await act(async () => {
      fireEvent.click(button); // disabled: nothing is sent
      vi.advanceTimersByTime(58_000);
    });
    expect(sendCode).toHaveBeenCalledTimes(1);
    expect(button.textContent).toBe('Resend in 1s');
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(button.textContent).toBe('Send code');
    expect(button.disabled).toBe(false);
  });

  it('stays available when the server refuses (e.g. too soon)', async () => {
    sendCode.mockRejectedValue(new Error('refused'));
    await renderAt(<CodeFieldHarness />);
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'a@b.co' } });
    const button = screen.getByTestId('send-code') as HTMLButtonElement;
    await act(async () => {
      fireEvent.click(button);
    });
    expect(sendCode).toHaveBeenCalledTimes(1);
    expect(button.textContent).toBe('Send code');
    expect(button.disabled).toBe(false);
  });
});
