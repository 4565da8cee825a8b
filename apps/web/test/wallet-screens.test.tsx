import type { User } from '@meridian/contracts';
import { Globals } from '@react-spring/web';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import type { InternalAxiosRequestConfig } from 'axios';
import type { ReactNode } from 'react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { setupAntdMobile } from '../src/app/antd-setup';
import { routes } from '../src/app/router';
import { ChargeScreen } from '../src/features/wallet/components/charge-screen';
import { HistoryScreen } from '../src/features/wallet/components/history-screen';
import { CoinAddressListScreen } from '../src/features/wallet/components/method-list-screen';
import { WithdrawScreen } from '../src/features/wallet/components/withdraw-screen';
import { WithdrawWayScreen } from '../src/features/wallet/components/withdraw-way-screen';
import { i18n } from '../src/lib/i18n';
import { queryClient } from '../src/lib/query-client';
import { socket } from '../src/lib/realtime';
import { configureRequest, setHttpClient } from '../src/lib/request';
import { uploadImage } from '../src/lib/upload-image';
import { useSession } from '../src/stores/session';
import { type Handler, serveApi } from './fake-api';
import { setupTestI18n } from './i18n-helper';
import { renderRouter } from './render-router';

const toast = vi.hoisted(() => vi.fn());
vi.mock('../src/lib/toast', () => ({ toast, showLoadingToast: () => () => {} }));

// The preview must come from the shared domain code: a pass-through spy on quoteWithdrawal.
const quoteSpy = vi.hoisted(() => ({ calls: [] as unknown[][] }));
vi.mock('@meridian/domain', async (importOriginal) => {
  const domain = await importOriginal<typeof import('@meridian/domain')>();
  return {
    ...domain,
    quoteWithdrawal: (...args: Parameters<typeof domain.quoteWithdrawal>) => {
      quoteSpy.calls.push(args);
      return domain.quoteWithdrawal(...args);
    },
  };
});

// ---- a fake API: one handler per path, answering the data of an envelope ----------------------------

let api = serveApi({});
const serve = (handlers: Record<string, Handler>) => {
  api = serveApi(handlers);
};
const sentTo = (path: string) => api.sentTo(path);
const formOf = (config: InternalAxiosRequestConfig) =>
  Object.fromEntries(new URLSearchParams(String(config.data)));

const user = (over: Partial<User> = {}): User => ({
  id: 1,
  uid: '10000001',
  email: 'trader@example.org',
  mobile: '',
  area_code: '',
  balance: '1234.50',
  lock_balance: '10.00',
  credit_score: 100,
  is_demo: 0,
  invite_code: 'AB12CD34',
  created_at: '2026-11-18T12:00:00Z',
  ...over,
});

const BALANCE = { balance: '1234.50', lock_balance: '10.00' };
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
const EMPTY_PAGE = { list: [], total: 0 };

async function renderAt(element: ReactNode, path: string, pattern = path.split('?')[0]!) {
  const router = createMemoryRouter(
    [
      { path: pattern, element },
      { path: '/mine/withdraw-way', element: <p>bind screen</p> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  await renderRouter(router);
  return router;
}

const press = async (el: Element) => {
  await act(async () => {
    fireEvent.click(el);
  });
};
const typeInto = async (testId: string, value: string) => {
  await act(async () => {
    fireEvent.change(screen.getByTestId(testId), { target: { value } });
  });
};
const texts = (testId: string) => screen.queryAllByTestId(testId).map((e) => e.textContent);

describe('wallet screens', () => {
  beforeAll(async () => {
    await setupTestI18n();
    setupAntdMobile(); // the confirm dialogs are imperative
    // Dialogs open and close at once. Their springs ran on happy-dom's emulated frames, which with
    // every test project at once on two cores once outlasted the 8 s wait below: the closed dialog
    // was never unmounted and every later test of the file failed on it (a fresh-clone run).
    Globals.assign({ skipAnimation: true });
  });
  beforeEach(() => {
    toast.mockClear();
    quoteSpy.calls = [];
    configureRequest({ getToken: () => 'tok-1', getLanguage: () => 'en', toast });
    useSession.getState().setSession('tok-1', user());
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(async () => {
    // A dialog leaves after its closing animation; the next test starts without one. The wait is
    // generous: with every test project running at once on two cores the animation's frames can
    // take seconds (a fresh-clone run once needed more than 3 s, and every later test then failed).
    Dialog.clear();
    await vi.waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull(), { timeout: 8000 });
    cleanup();
    setHttpClient(null);
    queryClient.clear();
    useSession.getState().clear();
    sessionStorage.clear(); // the withdraw form's draft
    vi.restoreAllMocks();
  });

  it('history: balance on top; a row shows Memo for Type 10, MemoTran otherwise, signed', async () => {
    serve({
      '/v1/api/main/wallet/getBalance': () => BALANCE,
      '/v1/api/main/accountLog/forexChange': () => ({
        list: [
          {
            Id: 2,
            Value: '-25',
            Type: 10,
            Memo: 'Goodwill correction',
            MemoTran: 'Adjustment',
            CreatedAtTran: '2026-11-18 12:30:00',
          },
          {
            Id: 1,
            Value: '100.5',
            Type: 1,
            Memo: 'internal',
            MemoTran: 'Deposit',
            CreatedAtTran: '2026-11-18 12:00:00',
          },
        ],
        total: 2,
      }),
    });
    await renderAt(<HistoryScreen />, '/mine/history');
    await vi.waitFor(() => expect(texts('history-row')).toHaveLength(2));
    expect(texts('history-label')).toEqual(['Goodwill correction', 'Deposit']);
    expect(texts('history-value')).toEqual(['-25.00', '+100.50']);
    expect(screen.getByTestId('balance-available').textContent).toBe('1,234.50');
    expect(screen.getByTestId('balance-frozen').textContent).toBe('10.00');
    expect(screen.getByTestId('list-end').textContent).toBe('No more');
    expect(sentTo('/v1/api/main/accountLog/forexChange')[0]!.params).toMatchObject({ page: 1 });
  });

  it('history: a page that fails to load says so and offers Retry, which loads it', async () => {
    const row = (id: number) => ({
      Id: id,
      Value: '1',
      Type: 1,
      Memo: '',
      MemoTran: 'Deposit',
      CreatedAtTran: '2026-11-18 12:00:00',
    });
    let failures = 1;
    // jsdom lays nothing out: antd-mobile's InfiniteScroll loads only an element with an offsetParent.
    Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
      configurable: true,
      get(this: HTMLElement) {
        return this.parentElement;
      },
    });
    onTestFinished(() => {
      delete (HTMLElement.prototype as { offsetParent?: unknown }).offsetParent;
    });
    serve({
      '/v1/api/main/wallet/getBalance': () => BALANCE,
      '/v1/api/main/accountLog/forexChange': (config) => {
        if (config.params.page === 1) return { list: [row(2)], total: 2 };
        if (failures-- > 0) return { refuse: 'Service unavailable' };
        return { list: [row(1)], total: 2 };
      },
    });
    await renderAt(<HistoryScreen />, '/mine/history');
    await vi.waitFor(() => expect(screen.getByTestId('list-end').textContent).toBe('Failed to load'));
    expect(texts('history-row')).toHaveLength(1);
    await press(screen.getByTestId('list-retry'));
    await vi.waitFor(() => expect(texts('history-row')).toHaveLength(2));
    await vi.waitFor(() => expect(screen.getByTestId('list-end').textContent).toBe('No more'));
    expect(screen.queryByTestId('list-retry')).toBeNull();
    expect(sentTo('/v1/api/main/accountLog/forexChange').map((c) => c.params.page)).toEqual([1, 2, 2]);
  });

  it("history is open to a demo account: its trading history (DECISIONS 'Demo accounts and the wallet')", async () => {
    useSession.getState().setSession('tok-demo', user({ is_demo: 1 }));
    serve({
      '/v1/api/main/wallet/getBalance': () => BALANCE,
      '/v1/api/main/accountLog/forexChange': () => ({
        list: [
          {
            Id: 1,
            Value: '-0.35',
            Type: 6,
            Memo: '',
            MemoTran: 'Trading fee',
            CreatedAtTran: '2026-11-18 12:00:00',
          },
        ],
        total: 1,
      }),
    });
    await renderAt(<HistoryScreen />, '/mine/history');
    await vi.waitFor(() => expect(texts('history-label')).toEqual(['Trading fee']));
    expect(screen.queryByTestId('real-account-required')).toBeNull();
  });

  it('history: an empty ledger says No data yet', async () => {
    serve({
      '/v1/api/main/wallet/getBalance': () => BALANCE,
      '/v1/api/main/accountLog/forexChange': () => EMPTY_PAGE,
    });
    await renderAt(<HistoryScreen />, '/mine/history');
    await vi.waitFor(() => expect(screen.getByTestId('list-end').textContent).toBe('No data yet'));
  });

  it('withdraw: the fee and receive preview comes from quoteWithdrawal; submit sends the form and toasts', async () => {
    let balance = BALANCE;
    serve({
      '/v1/api/main/wallet/getBalance': () => balance,
      '/api/account/draw_symbol_list': () => [USDT],
      '/api/wallet/get_draw_method': () => [ADDRESS],
      '/api/account/draw_list': () => EMPTY_PAGE,
      '/api/account/draw': () => {
        balance = { balance: '1111.05', lock_balance: '133.45' };
        return null;
      },
    });
    await renderAt(<WithdrawScreen />, '/mine/withdraw?type=0');
    await screen.findByTestId('withdraw-method-3');
    expect(screen.getByTestId('withdraw-currency-7').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('withdraw-method-3').getAttribute('aria-pressed')).toBe('true');
    await vi.waitFor(() => expect(screen.getByTestId('withdraw-balance').textContent).toBe('1,234.50'));
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('--');

    await typeInto('withdraw-amount', '123.45');
    // 1.5 % of 123.45 = 1.85175, rounded up: 1.86; (123.45 − 1.86) × 0.9987 = 121.43 floored.
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('1.86');
    expect(screen.getByTestId('withdraw-receive').textContent).toBe('121.43');
    expect(screen.getByText('You receive (USDT)')).toBeTruthy();
    const [amount, terms] = quoteSpy.calls.at(-1)!;
    expect(String(amount)).toBe('123.45');
    expect(terms).toEqual({ feeType: 2, drawRate: '0.015', usdPrice: '0.9987' });

    await typeInto('withdraw-remark', 'rent');
    await press(screen.getByTestId('withdraw-submit'));
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith('Done'));
    const draw = sentTo('/api/account/draw')[0]!;
    expect(draw.method).toBe('post');
    expect(formOf(draw)).toEqual({
      draw_currency_id: '7',
      number: '123.45',
      memo: 'rent',
      draw_method_id: '3',
    });
    // The balance is refreshed and the form cleared.
    await vi.waitFor(() => expect(screen.getByTestId('withdraw-balance').textContent).toBe('1,111.05'));
    expect((screen.getByTestId('withdraw-amount') as HTMLInputElement).value).toBe('');
  });

  it('withdraw in German: "12,50" is 12.50 USD, shown with a comma and sent as 12.50 (was 1250)', async () => {
    if (!i18n.isInitialized) await i18n.init({ lng: 'en', resources: {} });
    const before = i18n.language;
    await i18n.changeLanguage('de');
    try {
      serve({
        '/v1/api/main/wallet/getBalance': () => BALANCE,
        '/api/account/draw_symbol_list': () => [USDT],
        '/api/wallet/get_draw_method': () => [ADDRESS],
        '/api/account/draw_list': () => EMPTY_PAGE,
        '/api/account/draw': () => null,
      });
      await renderAt(<WithdrawScreen />, '/mine/withdraw?type=0');
      await screen.findByTestId('withdraw-method-3');
      await typeInto('withdraw-amount', '12,50');
      expect((screen.getByTestId('withdraw-amount') as HTMLInputElement).value).toBe('12,50');
      expect(Number(String(quoteSpy.calls.at(-1)![0]))).toBe(12.5);
      await press(screen.getByTestId('withdraw-submit'));
      await vi.waitFor(() => expect(sentTo('/api/account/draw')).toHaveLength(1));
      expect(formOf(sentTo('/api/account/draw')[0]!).number).toBe('12.50');
    } finally {
      await i18n.changeLanguage(before);
    }
  });

  it('withdraw: a refusal toasts the server message and keeps the form', async () => {
    serve({
      '/v1/api/main/wallet/getBalance': () => BALANCE,
      '/api/account/draw_symbol_list': () => [USDT],
      '/api/wallet/get_draw_method': () => [ADDRESS],
      '/api/account/draw_list': () => EMPTY_PAGE,
      '/api/account/draw': () => ({ refuse: 'Insufficient free balance' }),
    });
    await renderAt(<WithdrawScreen />, '/mine/withdraw?type=0');
    await screen.findByTestId('withdraw-method-3');
    await typeInto('withdraw-amount', '5000');
    await press(screen.getByTestId('withdraw-submit'));
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith('Insufficient free balance'));
    expect((screen.getByTestId('withdraw-amount') as HTMLInputElement).value).toBe('5000');
  });

  it('withdraw sent: amount and remark go even if the screen was left before the answer; the currency stays', async () => {
    const BTC = { ...USDT, id: 8, code: 'BTC', protocol: '' };
    let answer!: (v: unknown) => void;
    serve({
      '/v1/api/main/wallet/getBalance': () => BALANCE,
      '/api/account/draw_symbol_list': () => [USDT, BTC],
      '/api/wallet/get_draw_method': () => [ADDRESS],
      '/api/account/draw_list': () => EMPTY_PAGE,
      '/api/account/draw': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    const router = await renderAt(<WithdrawScreen />, '/mine/withdraw?type=0');
    await screen.findByTestId('withdraw-amount');
    await press((await screen.findAllByText(/BTC/))[0]!);
    await typeInto('withdraw-amount', '150');
    await typeInto('withdraw-remark', 'rent');
    await press(screen.getByTestId('withdraw-submit'));
    await vi.waitFor(() => expect(sentTo('/api/account/draw')).toHaveLength(1));
    await act(async () => {
      await router.navigate('/elsewhere');
    });
    await act(async () => {
      answer(null);
    });
    await act(async () => {
      await router.navigate(-1);
    });
    await screen.findByTestId('withdraw-amount');
    expect((screen.getByTestId('withdraw-amount') as HTMLInputElement).value).toBe('');
    expect((screen.getByTestId('withdraw-remark') as HTMLInputElement).value).toBe('');
    expect(
      screen.getByTestId('withdraw-currency').querySelector('[aria-pressed="true"]')?.textContent,
    ).toContain('BTC');
  });

  it('withdraw by keyboard: focus is back on the button once the call ends (the spinning button dropped it)', async () => {
    let answer!: (v: unknown) => void;
    serve({
      '/v1/api/main/wallet/getBalance': () => BALANCE,
      '/api/account/draw_symbol_list': () => [USDT],
      '/api/wallet/get_draw_method': () => [ADDRESS],
      '/api/account/draw_list': () => EMPTY_PAGE,
      '/api/account/draw': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    await renderAt(<WithdrawScreen />, '/mine/withdraw?type=0');
    await screen.findByTestId('withdraw-method-3');
    await typeInto('withdraw-amount', '50');
    const button = screen.getByTestId('withdraw-submit');
    button.focus();
    await press(button);
    await vi.waitFor(() => expect(sentTo('/api/account/draw')).toHaveLength(1));
    // A browser moves focus off a button that becomes disabled; jsdom does not (nor will it blur a
    // disabled button), so focus goes to the page here as it would there.
    expect(document.activeElement).toBe(button);
    const elsewhere = document.body.appendChild(document.createElement('input'));
    elsewhere.focus();
    elsewhere.remove();
    expect(document.activeElement).toBe(document.body);
    await act(async () => {
      answer({ refuse: 'Minimum withdrawal is 100.00 USD' });
    });
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('withdraw-submit')));
  });

  it('withdraw tabs: ?type=0 is coin and 1 is bank (spec §3, as on the deposit screen)', async () => {
    serve({
      '/v1/api/main/wallet/getBalance': () => BALANCE,
      '/api/account/draw_symbol_list': () => [USDT],
      '/api/wallet/get_draw_method': () => [ADDRESS],
      '/api/account/draw_list': () => EMPTY_PAGE,
    });
    const router = await renderAt(<WithdrawScreen />, '/mine/withdraw?type=1');
    await vi.waitFor(() =>
      expect(screen.getByTestId('withdraw-tab-2').getAttribute('aria-selected')).toBe('true'),
    );
    await vi.waitFor(() => expect(sentTo('/api/account/draw_list')[0]!.params).toMatchObject({ type: 2 }));
    await press(screen.getByTestId('withdraw-tab-1'));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?type=0'));
    await press(screen.getByTestId('withdraw-tab-2'));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?type=1'));
  });

  it("withdraw: nothing bound → the 'not bound' dialog leads to /mine/withdraw-way?type=", async () => {
    serve({
      '/v1/api/main/wallet/getBalance': () => BALANCE,
      '/api/account/draw_symbol_list': () => [{ ...USDT, id: 9, code: 'EUR', protocol: '' }],
      '/api/wallet/get_draw_method': () => [],
      '/api/account/draw_list': () => EMPTY_PAGE,
    });
    const router = await renderAt(<WithdrawScreen />, '/mine/withdraw?type=1');
    await screen.findByText('Not bound');
    expect(
      screen.getByText('No withdrawal method is bound for this currency. Set up a receiving account first.'),
    ).toBeTruthy();
    expect(sentTo('/api/wallet/get_draw_method')[0]!.params).toMatchObject({ draw_type: 2, draw_id: 9 });
    await press(screen.getByText('Bind now'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/mine/withdraw-way'));
    // On the currency being withdrawn (the bind page opened on the first one).
    expect(router.state.location.search).toBe('?type=2&currency=9');
  });

  it('withdraw: what was typed is still there after going to bind a method and coming back', async () => {
    const BTC = { ...USDT, id: 8, code: 'BTC', protocol: '' };
    serve({
      '/v1/api/main/wallet/getBalance': () => BALANCE,
      '/api/account/draw_symbol_list': () => [USDT, BTC],
      '/api/wallet/get_draw_method': (config) => (config.params.draw_id === 7 ? [ADDRESS] : []),
      '/api/account/draw_list': () => EMPTY_PAGE,
    });
    const router = await renderAt(<WithdrawScreen />, '/mine/withdraw?type=0');
    await screen.findByTestId('withdraw-amount');
    await typeInto('withdraw-amount', '250');
    await typeInto('withdraw-remark', 'rent');
    await press((await screen.findAllByText(/BTC/))[0]!);
    await press(await screen.findByText('Bind now'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/mine/withdraw-way'));
    expect(router.state.location.search).toBe('?type=1&currency=8');
    await act(async () => {
      await router.navigate(-1);
    });
    await vi.waitFor(() =>
      expect((screen.getByTestId('withdraw-amount') as HTMLInputElement).value).toBe('250'),
    );
    expect((screen.getByTestId('withdraw-remark') as HTMLInputElement).value).toBe('rent');
    const chosen = screen.getByTestId('withdraw-currency').querySelector('[aria-pressed="true"]');
    expect(chosen?.textContent).toContain('BTC');
  });

  it('withdraw: the dialog can be dismissed, and submitting asks again', async () => {
    serve({
      '/v1/api/main/wallet/getBalance': () => BALANCE,
      '/api/account/draw_symbol_list': () => [USDT],
      '/api/wallet/get_draw_method': () => [],
      '/api/account/draw_list': () => EMPTY_PAGE,
    });
    const router = await renderAt(<WithdrawScreen />, '/mine/withdraw?type=0');
    await press(await screen.findByText('Cancel'));
    // The dialog leaves after its closing animation.
    await vi.waitFor(() => expect(screen.queryByText('Not bound')).toBeNull(), { timeout: 5000 });
    // It opened by itself (nothing had focus): focus lands on the screen's own 'add' button.
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('withdraw-bind')));
    await typeInto('withdraw-amount', '10');
    await press(screen.getByTestId('withdraw-submit'));
    await screen.findByText('Not bound');
    expect(sentTo('/api/account/draw')).toHaveLength(0);
    // Escape answers no, as Cancel does: the dialog goes, the screen stays.
    fireEvent.keyDown(document, { key: 'Escape' });
    await vi.waitFor(() => expect(screen.queryByText('Not bound')).toBeNull(), { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/mine/withdraw');
  });

  it("bank deposit: no chosen account → 'no pay way'; a channel without accounts says so", async () => {
    serve({
      '/api/quickCharge/symbols': () => [
        { id: 1, name: 'USD' },
        { id: 2, name: 'HKD' },
      ],
      '/api/quickCharge/wire_info': (c) =>
        c.params.bank_coin === 1
          ? [
              {
                id: 5,
                bank_name: 'Meridian Bank',
                bank_address: '1 Harbour Road',
                bank_swift: 'MERIHKHH',
                payee_name: 'Meridian Markets Ltd',
                payee_account: '001122334455',
                bank_remark: 'Quote your UID',
              },
            ]
          : [],
      '/api/quickCharge/quick_ist': () => ({
        list: [
          {
            id: 4,
            number: '500',
            type: 1,
            currency_code: 'USD',
            status: 2,
            created_at: '2026-11-18 09:00:00',
            remark: 'Proof unreadable',
            proof_img: '',
            address: '',
          },
        ],
        total: 1,
      }),
    });
    await renderAt(<ChargeScreen />, '/mine/charge?type=1');
    await screen.findByTestId('wire-account-5');
    await typeInto('charge-amount', '500');
    await press(screen.getByTestId('charge-submit'));
    expect(toast).toHaveBeenLastCalledWith('no pay way');
    expect(sentTo('/api/quickCharge/wire_submit')).toHaveLength(0);

    await press(screen.getByTestId('wire-account-5'));
    expect(screen.getByTestId('wire-details').textContent).toContain('MERIHKHH');
    await press(screen.getByTestId('charge-submit'));
    expect(toast).toHaveBeenLastCalledWith('Please complete'); // no proof image yet

    await press(screen.getByTestId('bank-channel-2'));
    expect((await screen.findByTestId('no-wire-account')).textContent).toBe(
      'There is no bank account for this channel yet. Please choose another channel or contact customer service.',
    );
    expect(texts('deposit-status')).toEqual(['Rejected']);
    expect(sentTo('/api/quickCharge/quick_ist')[0]!.params).toMatchObject({ type: 1, page: 1 });
  });

  it('coin deposit: shows the option label and address; submits amount, proof url and option', async () => {
    serve({
      '/api/quickCharge/info': () => [
        {
          id: 11,
          address: 'TBrokerAddr000111',
          currency_code: 'USDT',
          protocol_code: 'TRC20',
          label: 'USDT-TRC20',
        },
        { id: 12, address: '0xBroker222', currency_code: 'ETH', protocol_code: '', label: 'ETH' },
      ],
      '/api/quickCharge/quick_ist': () => EMPTY_PAGE,
      '/api/quickCharge/submit': () => null,
    });
    await renderAt(<ChargeScreen />, '/mine/charge');
    expect((await screen.findByTestId('charge-option-11')).textContent).toBe('USDT-TRC20');
    expect(screen.getByTestId('charge-address').textContent).toBe('TBrokerAddr000111');
    await press(screen.getByTestId('charge-option-12'));
    expect(screen.getByTestId('charge-address').textContent).toBe('0xBroker222');
    // The box keeps what was typed; the amount is read from it (1 000.55).
    expect(screen.queryByTestId('charge-amount-echo')).toBeNull();
    await typeInto('charge-amount', '1,000.55');
    expect((screen.getByTestId('charge-amount') as HTMLInputElement).value).toBe('1,000.55');
    // Read back as it will be sent, so a slip shows before sending.
    expect(screen.getByTestId('charge-amount-echo').textContent).toBe('1,000.55 USD');
    await press(screen.getByTestId('charge-submit'));
    expect(toast).toHaveBeenLastCalledWith('Please complete');
    expect(sentTo('/api/quickCharge/submit')).toHaveLength(0);
  });

  it('upload: multipart field file to image_upload, with the request layer headers', async () => {
    serve({ '/api/common/image_upload': () => ({ url: '/uploads/proof-1.jpg' }) });
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'proof.jpg', { type: 'image/jpeg' });
    await expect(uploadImage(file)).resolves.toBe('/uploads/proof-1.jpg');
    const [config] = sentTo('/api/common/image_upload');
    expect(config!.method).toBe('post');
    expect(config!.data).toBeInstanceOf(FormData);
    expect((config!.data as FormData).get('file')).toBeInstanceOf(File);
    expect(config!.headers.get('authorization')).toBe('tok-1');
    expect(config!.headers.get('lang')).toBe('en');
  });

  it('bind form: Please complete first, then the type fields are sent and the screen goes back', async () => {
    serve({
      '/api/account/draw_symbol_list': () => [{ ...USDT, id: 9, code: 'EUR', protocol: '' }],
      '/api/wallet/bind_draw_method': () => ({ ...ADDRESS, id: 20, type: 2 }),
    });
    const router = await renderAt(<WithdrawWayScreen />, '/mine/withdraw-way?type=2');
    await screen.findByTestId('way-currency-9');
    await typeInto('way-bank-name', 'Meridian Bank');
    await press(screen.getByTestId('way-submit'));
    expect(toast).toHaveBeenLastCalledWith('Please complete');
    expect(sentTo('/api/wallet/bind_draw_method')).toHaveLength(0);
    // The receiving currency follows the chosen currency until typed in.
    expect((screen.getByTestId('way-receipt-currency') as HTMLInputElement).value).toBe('EUR');

    await typeInto('way-payee', 'Jane Doe');
    await typeInto('way-payee-name', 'Jane Doe');
    await typeInto('way-payee-account', ' DE89370400440532013000 ');
    await press(screen.getByTestId('way-submit'));
    await vi.waitFor(() => expect(toast).toHaveBeenLastCalledWith('Done'));
    const body = formOf(sentTo('/api/wallet/bind_draw_method')[0]!);
    expect(body).toMatchObject({
      draw_id: '9',
      type: '2',
      payee: 'Jane Doe',
      bank_name: 'Meridian Bank',
      payee_name: 'Jane Doe',
      payee_account: 'DE89370400440532013000',
      receipt_currency: 'EUR',
    });
    expect(body).not.toHaveProperty('dc_address');
    // Opened directly: back to the list of its type.
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/mine/bank-card-list'));
  });

  it("bind form: a coin address takes its currency's network, shown and not typed in", async () => {
    serve({
      '/api/account/draw_symbol_list': () => [USDT, { ...USDT, id: 8, protocol: 'ERC20' }],
      '/api/wallet/bind_draw_method': () => ADDRESS,
    });
    await renderAt(<WithdrawWayScreen />, '/mine/withdraw-way?type=1');
    await screen.findByTestId('way-currency-7');
    const network = screen.getByTestId('way-network') as HTMLInputElement;
    expect(network.value).toBe('TRC20');
    expect(network.readOnly).toBe(true);
    await press(screen.getByTestId('way-currency-8'));
    expect((screen.getByTestId('way-network') as HTMLInputElement).value).toBe('ERC20');
    await typeInto('way-dc-address', '0xReceiverOnEthereum000000000000000000001');
    await press(screen.getByTestId('way-submit'));
    await vi.waitFor(() => expect(sentTo('/api/wallet/bind_draw_method')).toHaveLength(1));
    expect(formOf(sentTo('/api/wallet/bind_draw_method')[0]!)).toMatchObject({
      draw_id: '8',
      network: 'ERC20',
    });
  });

  it('bind form: a coin with no named network (BTC) starts with its own code as the network, editable', async () => {
    serve({
      '/api/account/draw_symbol_list': () => [{ ...USDT, id: 8, code: 'BTC', protocol: '' }],
      '/api/wallet/bind_draw_method': () => ADDRESS,
    });
    await renderAt(<WithdrawWayScreen />, '/mine/withdraw-way?type=1');
    await screen.findByTestId('way-currency-8');
    const network = screen.getByTestId('way-network') as HTMLInputElement;
    expect(network.value).toBe('BTC');
    expect(network.readOnly).toBe(false);
    await typeInto('way-dc-address', 'bc1qreceiver000000000000000000000000000');
    await press(screen.getByTestId('way-submit'));
    await vi.waitFor(() => expect(sentTo('/api/wallet/bind_draw_method')).toHaveLength(1));
    expect(formOf(sentTo('/api/wallet/bind_draw_method')[0]!)).toMatchObject({
      draw_id: '8',
      network: 'BTC',
    });
  });

  it('bind form: ?currency= opens it on that currency (the withdraw screen sends the one being withdrawn)', async () => {
    serve({
      '/api/account/draw_symbol_list': () => [USDT, { ...USDT, id: 8, protocol: 'ERC20' }],
      '/api/wallet/bind_draw_method': () => ADDRESS,
    });
    await renderAt(<WithdrawWayScreen />, '/mine/withdraw-way?type=1&currency=8');
    await screen.findByTestId('way-currency-8');
    expect((screen.getByTestId('way-network') as HTMLInputElement).value).toBe('ERC20');
    await typeInto('way-dc-address', '0xReceiverOnEthereum000000000000000000001');
    await press(screen.getByTestId('way-submit'));
    await vi.waitFor(() => expect(sentTo('/api/wallet/bind_draw_method')).toHaveLength(1));
    expect(formOf(sentTo('/api/wallet/bind_draw_method')[0]!)).toMatchObject({ draw_id: '8' });
  });

  it('coin address list: delete asks first, then calls del_draw_method and reloads', async () => {
    let bound = [ADDRESS];
    serve({
      '/api/wallet/get_draw_method': () => bound,
      '/api/wallet/del_draw_method': () => {
        bound = [];
        return null;
      },
    });
    await renderAt(<CoinAddressListScreen />, '/mine/coin-address-list');
    expect((await screen.findByTestId('method-row')).textContent).toContain('TQ7h3kExampleAddress9xYz');
    expect(sentTo('/api/wallet/get_draw_method')[0]!.params).toMatchObject({ draw_type: 1 });
    await press(screen.getByTestId('method-delete'));
    await screen.findByText('Delete this coin address?');
    expect(sentTo('/api/wallet/del_draw_method')).toHaveLength(0);
    const confirm = screen
      .getAllByRole('button', { name: 'Delete' })
      .find((e) => e.classList.contains('adm-dialog-button'));
    await press(confirm!);
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith('Done'));
    expect(formOf(sentTo('/api/wallet/del_draw_method')[0]!)).toEqual({ id: '3' });
    await vi.waitFor(() => expect(screen.getByTestId('list-end').textContent).toBe('No data yet'));
  });

  it('coin address list by keyboard: one Delete stop a row, and focus goes to the next row after a delete', async () => {
    const SECOND = { ...ADDRESS, id: 4, dc_address: 'TSecondAddress000000000000' };
    let bound = [ADDRESS, SECOND];
    serve({
      '/api/wallet/get_draw_method': () => bound,
      '/api/wallet/del_draw_method': () => {
        bound = [SECOND];
        return null;
      },
    });
    await renderAt(<CoinAddressListScreen />, '/mine/coin-address-list');
    await vi.waitFor(() => expect(screen.getAllByTestId('method-row')).toHaveLength(2));
    // The swipe's hidden Delete is for fingers only: not a tab stop, not read out.
    const swipeButtons = document.querySelectorAll<HTMLElement>('.adm-swipe-action-actions button');
    expect(swipeButtons.length).toBe(2);
    for (const b of swipeButtons) {
      expect(b.tabIndex).toBe(-1);
      expect(b.getAttribute('aria-hidden')).toBe('true');
    }
    screen.getAllByTestId('method-delete')[0]!.focus();
    await press(screen.getAllByTestId('method-delete')[0]!);
    await screen.findByText('Delete this coin address?');
    await press(
      screen
        .getAllByRole('button', { name: 'Delete' })
        .find((e) => e.classList.contains('adm-dialog-button'))!,
    );
    await vi.waitFor(() => expect(screen.getAllByTestId('method-row')).toHaveLength(1));
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('method-delete')));
  });

  it('a demo account sees the real-account notice, and nothing is asked of the server', async () => {
    useSession.getState().setSession('tok-demo', user({ is_demo: 1 }));
    serve({});
    await renderAt(<WithdrawScreen />, '/mine/withdraw');
    expect(screen.getByTestId('real-account-required').textContent).toContain(
      'Please register or log in to a real account',
    );
    expect(screen.queryByTestId('withdraw-amount')).toBeNull();
    expect(api.sent).toHaveLength(0);
  });
});

describe('wallet routes', () => {
  beforeAll(async () => {
    await setupTestI18n();
  });
  afterEach(() => {
    cleanup();
    useSession.getState().clear();
    queryClient.clear();
    setHttpClient(null);
    vi.restoreAllMocks();
  });

  it.each([
    '/mine/history',
    '/mine/charge?type=1',
    '/mine/withdraw',
    '/mine/wallet',
    '/mine/bank-card-list',
    '/mine/coin-address-list',
    '/mine/withdraw-way?type=2',
  ])('%s needs a login: /login?from=', async (path) => {
    vi.spyOn(socket, 'ensureConnected').mockImplementation(() => {});
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    await renderRouter(router);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 });
    expect(router.state.location.search).toBe(`?from=${encodeURIComponent(path)}`);
  });

  it('/mine/wallet with a session: balance and the links to the bound methods', async () => {
    vi.spyOn(socket, 'ensureConnected').mockImplementation(() => {});
    useSession.getState().setSession('tok-1', user());
    serve({ '/v1/api/main/wallet/getBalance': () => BALANCE });
    const router = createMemoryRouter(routes, { initialEntries: ['/mine/wallet'] });
    await renderRouter(router);
    await vi.waitFor(() => expect(screen.getByTestId('balance-available').textContent).toBe('1,234.50'), {
      timeout: 5000,
    });
    expect(screen.getByTestId('link-coin-addresses').getAttribute('href')).toBe('/mine/coin-address-list');
    expect(screen.getByTestId('link-bank-cards').getAttribute('href')).toBe('/mine/bank-card-list');
  });
});
