import { ERROR_CODES, type User } from '@meridian/contracts';
import { Globals } from '@react-spring/web';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import axios from 'axios';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupAntdMobile } from '../src/app/antd-setup';
import { REAL_NAME_REQUIRED_CODE } from '../src/features/wallet/api/request-withdrawal';
import { WithdrawScreen } from '../src/features/wallet/components/withdraw-screen';
import { queryClient } from '../src/lib/query-client';
import { ApiError, configureRequest, request, setHttpClient } from '../src/lib/request';
import { useSession } from '../src/stores/session';
import { setupTestI18n } from './i18n-helper';
import { renderRouter } from './render-router';

const toast = vi.hoisted(() => vi.fn());
vi.mock('../src/lib/toast', () => ({ toast, showLoadingToast: () => () => {} }));

/** A fake API answering each path with an envelope: `{ code, msg, data }` as given (code 1 by default). */
function serveEnvelopes(handlers: Record<string, () => { code?: number; msg?: string; data?: unknown }>) {
  const sent: string[] = [];
  setHttpClient(
    axios.create({
      validateStatus: () => true,
      adapter: async (config) => {
        sent.push(config.url ?? '');
        const answer = handlers[config.url ?? '']?.() ?? { code: 404, msg: 'no handler' };
        const data = { code: answer.code ?? 1, msg: answer.msg ?? 'Done', data: answer.data ?? null };
        return { data, status: 200, statusText: 'OK', headers: {}, config };
      },
    }),
  );
  return sent;
}

const user: User = {
  id: 1,
  uid: '10000001',
  email: 'trader@example.org',
  mobile: '',
  area_code: '',
  balance: '1234.50',
  lock_balance: '0.00',
  credit_score: 100,
  is_demo: 0,
  invite_code: 'AB12CD34',
  created_at: '2026-11-18T12:00:00Z',
};
const USDT = { id: 7, code: 'USDT', protocol: 'TRC20', draw_rate: '0.015', fee_type: 2, usd_price: '0.9987' };
const ADDRESS = {
  id: 3,
  type: 1,
  dc_address: 'TQ7h3kExampleAddress9xYz',
  network: 'TRC20',
  payee_account: '',
  payee_name: '',
  payee: '',
  bank_name: '',
  bank_address: '',
  bank_swift: '',
  receipt_currency: '',
  bank_remark: '',
  draw_currency: { id: 7, code: 'USDT', protocol: 'TRC20' },
};
const REFUSAL = 'Complete real-name verification before you withdraw';
const withdrawApi = (draw: () => { code?: number; msg?: string; data?: unknown }) => ({
  '/v1/api/main/wallet/getBalance': () => ({ data: { balance: '1234.50', lock_balance: '0.00' } }),
  '/api/account/draw_symbol_list': () => ({ data: [USDT] }),
  '/api/wallet/get_draw_method': () => ({ data: [ADDRESS] }),
  '/api/account/draw_list': () => ({ data: { list: [], total: 0 } }),
  '/api/account/draw': draw,
});

const press = async (el: Element) => {
  await act(async () => {
    fireEvent.click(el);
  });
};

async function withdraw100() {
  const router = createMemoryRouter(
    [
      { path: '/mine/withdraw', element: <WithdrawScreen /> },
      { path: '/mine/auth', element: <p>real-name screen</p> },
    ],
    { initialEntries: ['/mine/withdraw?type=0'] },
  );
  await renderRouter(router);
  await screen.findByTestId('withdraw-method-3');
  await act(async () => {
    fireEvent.change(screen.getByTestId('withdraw-amount'), { target: { value: '100' } });
  });
  await press(screen.getByTestId('withdraw-submit'));
  return router;
}

describe('a withdrawal refused for want of an approved real name leads to /mine/auth', () => {
  beforeAll(async () => {
    await setupTestI18n();
    setupAntdMobile();
    Globals.assign({ skipAnimation: true });
  });
  beforeEach(() => {
    toast.mockClear();
    configureRequest({ getToken: () => 'tok-1', getLanguage: () => 'en', toast });
    useSession.getState().setSession('tok-1', user);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(async () => {
    Dialog.clear();
    await vi.waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull(), { timeout: 8000 });
    cleanup();
    setHttpClient(null);
    queryClient.clear();
    useSession.getState().clear();
    sessionStorage.clear();
    vi.restoreAllMocks();
  });

  it('the code is the contracts’ REAL_NAME_REQUIRED', () => {
    expect(REAL_NAME_REQUIRED_CODE).toBe(ERROR_CODES.REAL_NAME_REQUIRED.code);
  });

  it('the request layer leaves a quiet code to its caller (no toast) and still toasts the others', async () => {
    serveEnvelopes({
      '/a': () => ({ code: REAL_NAME_REQUIRED_CODE, msg: REFUSAL }),
      '/b': () => ({ code: 5001, msg: 'Other refusal' }),
    });
    const quiet = { quietCodes: [REAL_NAME_REQUIRED_CODE] };
    await expect(request('POST', '/a', {}, quiet)).rejects.toMatchObject({ code: REAL_NAME_REQUIRED_CODE });
    expect(toast).not.toHaveBeenCalled();
    await expect(request('POST', '/b', {}, quiet)).rejects.toBeInstanceOf(ApiError);
    expect(toast).toHaveBeenCalledWith('Other refusal');
  });

  it('the server’s message in a dialog (not a toast); Verify now opens /mine/auth', async () => {
    serveEnvelopes(withdrawApi(() => ({ code: REAL_NAME_REQUIRED_CODE, msg: REFUSAL })));
    const router = await withdraw100();
    const dialog = await screen.findByRole('dialog', { name: 'Real-name verification' });
    expect(dialog.textContent).toContain(REFUSAL);
    expect(toast).not.toHaveBeenCalledWith(REFUSAL);
    await press(screen.getByRole('button', { name: 'Verify now' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/mine/auth'));
  });

  it('Cancel stays on the form with the amount kept', async () => {
    serveEnvelopes(withdrawApi(() => ({ code: REAL_NAME_REQUIRED_CODE, msg: REFUSAL })));
    const router = await withdraw100();
    await screen.findByRole('dialog', { name: 'Real-name verification' });
    await press(screen.getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/mine/withdraw');
    expect((screen.getByTestId('withdraw-amount') as HTMLInputElement).value).toBe('100');
  });

  it('any other refusal is still a toast, and no dialog', async () => {
    serveEnvelopes(withdrawApi(() => ({ code: 3005, msg: 'Insufficient balance' })));
    await withdraw100();
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith('Insufficient balance'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
