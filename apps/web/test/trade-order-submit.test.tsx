import type { Instrument, User } from '@meridian/contracts';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import axios, { type InternalAxiosRequestConfig } from 'axios';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrderForm } from '../src/features/trade/components/order-form';
import { queryClient } from '../src/lib/query-client';
import { configureRequest, setHttpClient } from '../src/lib/request';
import { useSession } from '../src/stores/session';
import { setupTestI18n } from './i18n-helper';
import { renderRouter } from './render-router';

const toast = vi.hoisted(() => vi.fn());
vi.mock('../src/lib/toast', () => ({ toast, showLoadingToast: () => () => {} }));

const EURUSD: Instrument = {
  Id: 1,
  Code: 'EURUSD',
  ShowCode: 'EUR/USD',
  Logo: '',
  CategoryId: 1,
  MarketStatus: 1,
  PricePrecision: 5,
  Pip: '0.01',
  ForexMinCont: '0.01',
  ForexMaxCont: '50',
  ForexContNum: '100000',
  ForexFeeRate: '0.003',
  MarginMode: 2,
  HasForexMultiple: [{ Value: 100 }],
  BaseCurrency: 'EUR',
  QuoteCurrency: 'USD',
  ForexQuotations: { Open: 1, Close: 1, Change: 0, Bid: 1.16488, Ask: 1.165, High: 1, Low: 1, Time: 0 },
};

const user = { id: 1, uid: '10000001', is_demo: 1 } as User;

let sent: InternalAxiosRequestConfig[] = [];
let answerSubmit = () => {};

describe('order form submit', () => {
  beforeAll(async () => {
    await setupTestI18n();
  });
  beforeEach(() => {
    sent = [];
    configureRequest({ getToken: () => 'tok-1', getLanguage: () => 'en', toast });
    useSession.getState().setSession('tok-1', user);
    setHttpClient(
      axios.create({
        baseURL: 'http://127.0.0.1:8080',
        validateStatus: () => true,
        adapter: async (config) => {
          sent.push(config);
          if (config.url === '/v1/api/forex/submit')
            await new Promise<void>((resolve) => {
              answerSubmit = resolve;
            });
          const data = config.url === '/api/basicSet/getBasicInfo' ? { trade_fee_type: 2 } : { Id: 9 };
          return {
            data: { code: 1, msg: 'Confirmed', data },
            status: 200,
            statusText: 'OK',
            headers: {},
            config,
          };
        },
      }),
    );
  });
  afterEach(() => {
    cleanup();
    setHttpClient(null);
    queryClient.clear();
    useSession.getState().clear();
  });

  async function renderForm(instrument: Instrument) {
    const router = createMemoryRouter(
      [
        {
          path: '/trade',
          element: (
            <OrderForm
              instrument={instrument}
              instruments={[instrument]}
              prices={{ bid: 1.16488, ask: 1.165 }}
              marketOpen
            />
          ),
        },
      ],
      { initialEntries: [`/trade?id=${instrument.Id}`] },
    );
    await renderRouter(router);
  }

  it('a fixed-margin instrument offers no leverage (it would not change the margin) and sends its first option', async () => {
    await renderForm({ ...EURUSD, MarginMode: 1, HasForexMultiple: [{ Value: 1 }, { Value: 5 }] });
    const leverage = screen.getByTestId('leverage');
    expect(leverage.textContent).toBe('Fixed margin');
    expect(leverage.tagName).not.toBe('BUTTON');
    await act(async () => fireEvent.click(screen.getByTestId('order-submit')));
    await vi.waitFor(() => expect(sent.some((c) => c.url === '/v1/api/forex/submit')).toBe(true));
    expect(sent.find((c) => c.url === '/v1/api/forex/submit')!.params).toMatchObject({ multiple: 1 });
    await act(async () => answerSubmit());
  });

  it('sends one order per press, each with its own Idempotency-Key', async () => {
    await renderForm(EURUSD);
    expect(screen.getByTestId('leverage').textContent).toBe('1:100');
    const submits = () => sent.filter((c) => c.url === '/v1/api/forex/submit');
    const button = screen.getByTestId('order-submit');
    // A double tap: the button is disabled while the order is in flight (kept as it was).
    await act(async () => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    await vi.waitFor(() => expect(submits()).toHaveLength(1));
    await act(async () => answerSubmit());
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith('Confirmed'));
    await vi.waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await act(async () => fireEvent.click(button));
    await vi.waitFor(() => expect(submits()).toHaveLength(2));
    await act(async () => answerSubmit());
    const [first, second] = submits().map((c) => c.headers.get('idempotency-key'));
    expect(first).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(second).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(second).not.toBe(first);
  });
});
