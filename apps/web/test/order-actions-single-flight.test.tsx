import type { Order } from '@meridian/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, renderHook, screen } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import type { InternalAxiosRequestConfig } from 'axios';
import type { ReactNode } from 'react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupAntdMobile } from '../src/app/antd-setup';
import { OrdersScreen } from '../src/features/orders/components/orders-screen';
import { useResetDemo } from '../src/features/user/hooks/use-reset-demo';
import { queryClient } from '../src/lib/query-client';
import { socket } from '../src/lib/realtime';
import { configureRequest, setHttpClient } from '../src/lib/request';
import { useSession } from '../src/stores/session';
import { type Handler, serveApi } from './fake-api';
import { setupTestI18n } from './i18n-helper';
import { anOrder } from './order-fixture';
import { renderRouter } from './render-router';

const toast = vi.hoisted(() => vi.fn());
vi.mock('../src/lib/toast', () => ({ toast, showLoadingToast: () => () => {} }));

// ---- a fake API: one handler per path, answering the data of an envelope (or a promise of it) ----

let api = serveApi({});
const serve = (handlers: Record<string, Handler>) => {
  api = serveApi(handlers);
};
const sentTo = (path: string) => api.sentTo(path);
const keyOf = (config: InternalAxiosRequestConfig) => config.headers.get('idempotency-key');
const KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** A request the test answers when it chooses: the call stays in flight until then. */
function held() {
  let answer = () => {};
  const promise = new Promise<null>((resolve) => {
    answer = () => resolve(null);
  });
  return { promise, answer };
}

const order = (over: Partial<Order>): Order => anOrder({ Id: 4, ...over });

const SUMMARY = {
  balance: '100000.00',
  lock_balance: '0.00',
  CautionMoneyAll: '1165.120000',
  ProfitsTotal: '0.80',
  NetValue: '100000.80',
  HazardRate: '8583.20',
  PrepaymentRatio: '1.17',
  RiskStatus: 'ok',
};

const listOf = (orders: Order[]) => () => ({
  data: orders,
  total: orders.length,
  all_fact_profits: '0.80',
  balance: '100000.00',
});

async function renderOrders(path: string) {
  const router = createMemoryRouter([{ path: '/order', element: <OrdersScreen /> }], {
    initialEntries: [path],
  });
  await renderRouter(router);
}

const press = async (el: Element) => {
  await act(async () => {
    fireEvent.click(el);
  });
};
/** Two clicks in a row, as a double tap lands them: before anything re-renders. */
const doubleTap = async (el: Element) => {
  await act(async () => {
    fireEvent.click(el);
    fireEvent.click(el);
  });
};
const dialogs = () => document.querySelectorAll('.adm-dialog').length;
const confirmButton = () =>
  screen.getAllByRole('button', { name: 'Confirm' }).find((e) => e.classList.contains('adm-dialog-button'))!;

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

describe('close, cancel and demo reset are single-flight and carry an Idempotency-Key', () => {
  beforeAll(async () => {
    await setupTestI18n();
    setupAntdMobile(); // the confirm dialogs are imperative
  });
  beforeEach(() => {
    toast.mockClear();
    configureRequest({ getToken: () => 'tok-1', getLanguage: () => 'en', toast });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(async () => {
    Dialog.clear();
    await vi.waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull(), { timeout: 3000 });
    cleanup();
    setHttpClient(null);
    queryClient.clear();
    useSession.getState().clear();
    vi.restoreAllMocks();
  });

  it('close position: a double tap opens one confirm and sends /close once; a tap in flight does nothing', async () => {
    const close = held();
    serve({
      '/v1/api/forex/my_deal': listOf([order({ Id: 4 })]),
      '/v1/api/main/account/forexDetail': () => SUMMARY,
      '/v1/api/forex/close': () => close.promise,
    });
    await renderOrders('/order?type=1');
    await press(await screen.findByTestId('order-row'));
    await doubleTap(screen.getByTestId('close-position'));
    await vi.waitFor(() => expect(dialogs()).toBe(1));
    await press(confirmButton());
    await vi.waitFor(() => expect(sentTo('/v1/api/forex/close')).toHaveLength(1));
    // In flight: the popup is still open and a tap asks nothing and sends nothing.
    await vi.waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull(), { timeout: 3000 });
    await press(screen.getByTestId('close-position'));
    expect(dialogs()).toBe(0);
    await act(async () => close.answer());
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith('Done'));
    expect(sentTo('/v1/api/forex/close')).toHaveLength(1);
    const first = sentTo('/v1/api/forex/close')[0]!;
    expect(first.params).toMatchObject({ id: 4 });
    expect(keyOf(first)).toMatch(KEY);

    // The next user action is a new one: a new key.
    const again = held();
    serve({
      '/v1/api/forex/my_deal': listOf([order({ Id: 4 })]),
      '/v1/api/main/account/forexDetail': () => SUMMARY,
      '/v1/api/forex/close': () => again.promise,
    });
    await press(await screen.findByTestId('order-row'));
    await press(screen.getByTestId('close-position'));
    await vi.waitFor(() => expect(dialogs()).toBe(1));
    await press(confirmButton());
    await act(async () => again.answer());
    await vi.waitFor(() => expect(sentTo('/v1/api/forex/close')).toHaveLength(1));
    expect(keyOf(sentTo('/v1/api/forex/close')[0]!)).toMatch(KEY);
    expect(keyOf(sentTo('/v1/api/forex/close')[0]!)).not.toBe(keyOf(first));
  });

  it('a confirm about an order that ended meanwhile goes with its popup, and the next one opens', async () => {
    const handlers = new Map<string, (msg: { type: string; data?: unknown }) => void>();
    vi.spyOn(socket, 'on').mockImplementation((type, fn) => {
      handlers.set(type, fn);
      return () => handlers.delete(type);
    });
    vi.spyOn(socket, 'subscribe').mockImplementation(() => () => {});
    serve({
      '/v1/api/forex/my_deal': listOf([order({ Id: 4 }), order({ Id: 6 })]),
      '/v1/api/main/account/forexDetail': () => SUMMARY,
      '/v1/api/forex/close': () => null,
    });
    await renderOrders('/order?type=1');
    await press((await screen.findAllByTestId('order-row'))[0]!);
    await press(screen.getByTestId('close-position'));
    await vi.waitFor(() => expect(dialogs()).toBe(1));
    // Closed elsewhere (another device, a stop-out): the popup and its confirm go.
    serve({
      '/v1/api/forex/my_deal': listOf([order({ Id: 6 })]),
      '/v1/api/main/account/forexDetail': () => SUMMARY,
      '/v1/api/forex/close': () => null,
    });
    await act(async () => handlers.get('FOREX_CLOSED')!({ type: 'FOREX_CLOSED', data: [4] }));
    await vi.waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull(), { timeout: 3000 });
    expect(sentTo('/v1/api/forex/close')).toHaveLength(0);
    // The dismissed confirm released the action: the other position's close asks again.
    await vi.waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(1));
    await press(screen.getByTestId('order-row'));
    await press(screen.getByTestId('close-position'));
    await vi.waitFor(() => expect(dialogs()).toBe(1));
    await press(confirmButton());
    await vi.waitFor(() => expect(sentTo('/v1/api/forex/close')).toHaveLength(1));
    expect(sentTo('/v1/api/forex/close')[0]!.params).toMatchObject({ id: 6 });
  });

  it('cancel order: a double tap opens one confirm and sends /cancel_trade once, with a key', async () => {
    const cancel = held();
    serve({
      '/v1/api/forex/my_deal': listOf([order({ Id: 5, Status: 0, Price: 0, OriginPrice: 1.15 })]),
      '/v1/api/main/account/forexDetail': () => SUMMARY,
      '/v1/api/forex/cancel_trade': () => cancel.promise,
    });
    await renderOrders('/order?type=0');
    await press(await screen.findByTestId('order-row'));
    await doubleTap(screen.getByTestId('cancel-order'));
    await vi.waitFor(() => expect(dialogs()).toBe(1));
    await press(confirmButton());
    await vi.waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull(), { timeout: 3000 });
    await press(screen.getByTestId('cancel-order'));
    expect(dialogs()).toBe(0);
    await act(async () => cancel.answer());
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith('Done'));
    expect(sentTo('/v1/api/forex/cancel_trade')).toHaveLength(1);
    expect(sentTo('/v1/api/forex/cancel_trade')[0]!.params).toMatchObject({ id: 5 });
    expect(keyOf(sentTo('/v1/api/forex/cancel_trade')[0]!)).toMatch(KEY);
  });

  it('reset demo: a double tap opens one confirm and sends the reset once, with a key', async () => {
    const reset = held();
    serve({ '/v1/api/main/user/resetForexDemoAccount': () => reset.promise });
    const { result } = renderHook(() => useResetDemo(), { wrapper });
    await act(async () => {
      void result.current();
      void result.current();
    });
    await vi.waitFor(() => expect(dialogs()).toBe(1));
    await press(confirmButton());
    await vi.waitFor(() => expect(sentTo('/v1/api/main/user/resetForexDemoAccount')).toHaveLength(1));
    await vi.waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull(), { timeout: 3000 });
    await act(async () => void result.current()); // in flight: nothing
    expect(dialogs()).toBe(0);
    await act(async () => reset.answer());
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith('Done'));
    expect(sentTo('/v1/api/main/user/resetForexDemoAccount')).toHaveLength(1);
    const first = keyOf(sentTo('/v1/api/main/user/resetForexDemoAccount')[0]!);
    expect(first).toMatch(KEY);

    // Done: the next tap is a new action with a new key.
    await act(async () => void result.current());
    await vi.waitFor(() => expect(dialogs()).toBe(1));
    await press(confirmButton());
    await vi.waitFor(() => expect(sentTo('/v1/api/main/user/resetForexDemoAccount')).toHaveLength(2));
    expect(keyOf(sentTo('/v1/api/main/user/resetForexDemoAccount')[1]!)).toMatch(KEY);
    expect(keyOf(sentTo('/v1/api/main/user/resetForexDemoAccount')[1]!)).not.toBe(first);
  });
});
