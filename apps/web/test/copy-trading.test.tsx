import {
  RANK_SORTS as CONTRACT_SORTS,
  TOPIC_COPY_TRADE as CONTRACT_TOPIC,
  type FollowView,
  followDetailCall,
  followFundsCall,
  followListCall,
  followMineCall,
  followStartCall,
  followStopCall,
  followUpdateCall,
  providerApplyCall,
  providerCenterCall,
  type RankItem,
  type User,
} from '@meridian/contracts';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import type { InternalAxiosRequestConfig } from 'axios';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupAntdMobile } from '../src/app/antd-setup';
import { Component as RankRoute } from '../src/app/routes/rank';
import { copyCalls, RANK_SORTS, TOPIC_COPY_TRADE } from '../src/features/copy-trading/api/calls';
import { profitText, rateText } from '../src/features/copy-trading/format';
import { applyCopyTrade, type CopyTradeData } from '../src/features/copy-trading/live';
import { checkFollow } from '../src/features/copy-trading/validation';
import { queryClient } from '../src/lib/query-client';
import { socket } from '../src/lib/realtime';
import { configureRequest, setHttpClient } from '../src/lib/request';
import { useSession } from '../src/stores/session';
import { type Handler, serveApi } from './fake-api';
import { setupTestI18n } from './i18n-helper';
import { renderRouter } from './render-router';

const toast = vi.hoisted(() => vi.fn());
vi.mock('../src/lib/toast', () => ({ toast, showLoadingToast: () => () => {} }));

let api = serveApi({});
const serve = (handlers: Record<string, Handler>) => {
  api = serveApi(handlers);
};
const sentTo = (path: string) => api.sentTo(path);
const bodyOf = (config: InternalAxiosRequestConfig) =>
  (typeof config.data === 'string' ? JSON.parse(config.data) : config.data) as Record<string, unknown>;

const LIST = '/api/follow/list';
const DETAIL = '/api/follow/detail';
const MINE = '/api/follow/mine';
const START = '/api/follow/start';
const BALANCE = '/v1/api/main/wallet/getBalance';

const user = (over: Partial<User> = {}): User => ({
  id: 1,
  uid: '10000001',
  email: 'trader@example.org',
  mobile: '',
  area_code: '',
  balance: '5000.00',
  lock_balance: '0.00',
  credit_score: 100,
  is_demo: 0,
  invite_code: 'AB12CD34',
  created_at: '2026-11-18T12:00:00Z',
  ...over,
});

const rankItem = (id: number, over: Partial<RankItem> = {}): RankItem => ({
  id,
  user: `Trader ${id}`,
  avatar: '',
  multiple: 100,
  three_week_rate: '12.34',
  three_week_win: '62.50',
  three_week_profit: '1234.56',
  total_rate: '45.60',
  total_trade_num: 321,
  code: 'EURUSD',
  followers: 17,
  risk_score: 4,
  fee_percent: '10.00',
  ...over,
});

const detail = (over: Record<string, unknown> = {}) => ({
  ...rankItem(7, { user: 'Swing Sam' }),
  description: 'Trend following on the majors.',
  since: '2026-11-02',
  max_drawdown: '8.20',
  curve: [],
  instruments: [{ code: 'EURUSD', trades: 40 }],
  recent_trades: [],
  open_positions: 2,
  min_amount: '100.00',
  my_follow_id: 0,
  ...over,
});

const copy = (
  id: number,
  over: Partial<FollowView['copies'][number]> = {},
): FollowView['copies'][number] => ({
  id,
  code: 'EURUSD',
  side: 1,
  lots: '0.10',
  open_price: '1.08510',
  price: '1.08530',
  profit: '2.00',
  stop_loss: '0',
  take_profit: '0',
  opened_at: '2026-12-06 10:00:00',
  provider_order_id: 900 + id,
  provider_lots: '1.00',
  provider_open_price: '1.08510',
  slippage: '0.00000',
  same_tick: true,
  ...over,
});

const follow = (id: number, over: Partial<FollowView> = {}): FollowView => ({
  id,
  provider_id: 7,
  provider: `Provider ${id}`,
  avatar: '',
  status: 1,
  status_reason: '',
  sizing: 1,
  multiplier: '1.00',
  max_lots: '0',
  stop_loss: '0',
  copy_open: false,
  net_funded: '1000.00',
  balance: '990.00',
  margin: '108.51',
  equity: '1002.00',
  profit: '2.00',
  fee_percent: '0',
  fees_paid: '0.00',
  created_at: '2026-12-01 09:00:00',
  copies: [copy(501)],
  refusals: [],
  ...over,
});

async function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/rank', element: <RankRoute /> },
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
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
const lastToast = () => toast.mock.calls.at(-1)?.[0];
/** A frame as the socket client hands it to its listeners. */
const pushFrame = async (data: CopyTradeData) => {
  await act(async () => {
    (socket as unknown as { emit(m: object): void }).emit({ type: 'COPY_TRADE', data });
    // The query cache tells its observers on the next macrotask.
    await new Promise((r) => setTimeout(r, 0));
  });
};

describe('copy trading', () => {
  beforeAll(async () => {
    await setupTestI18n();
    setupAntdMobile(); // the stop confirm is imperative
  });
  beforeEach(() => {
    toast.mockClear();
    configureRequest({ getToken: () => useSession.getState().token, getLanguage: () => 'en', toast });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(socket, 'subscribe').mockImplementation(() => () => {});
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

  it('call references, the socket topic and the sorts match the contracts', () => {
    const pairs = [
      [copyCalls.list, followListCall],
      [copyCalls.detail, followDetailCall],
      [copyCalls.provider, providerCenterCall],
      [copyCalls.apply, providerApplyCall],
      [copyCalls.start, followStartCall],
      [copyCalls.mine, followMineCall],
      [copyCalls.update, followUpdateCall],
      [copyCalls.funds, followFundsCall],
      [copyCalls.stop, followStopCall],
    ] as const;
    for (const [ref, contract] of pairs)
      expect(ref).toEqual({ method: contract.method, path: contract.path });
    expect(TOPIC_COPY_TRADE).toBe(CONTRACT_TOPIC);
    expect([...RANK_SORTS]).toEqual([...CONTRACT_SORTS]);
  });

  it('ranking: skeleton, then one row per provider with its figures; a sort asks the server again', async () => {
    let release!: () => void;
    serve({
      [LIST]: (config) =>
        config.params.sort === 'followers'
          ? { data: [rankItem(3, { user: 'Popular Pat', followers: 900 })], total: 1 }
          : new Promise((resolve) => {
              release = () =>
                resolve({
                  data: [rankItem(1), rankItem(2, { three_week_rate: '-3.10', three_week_profit: '-88.00' })],
                  total: 2,
                });
            }),
    });
    const router = await renderAt('/rank');
    expect(screen.getByTestId('rank-skeleton')).toBeTruthy();
    await act(async () => release());
    await vi.waitFor(() => expect(screen.getAllByTestId('rank-row')).toHaveLength(2));
    const [first, second] = screen.getAllByTestId('rank-row');
    expect(within(first!).getByTestId('rank-name').textContent).toBe('Trader 1');
    expect(within(first!).getByTestId('rank-rate').textContent).toBe('+12.34%');
    expect(within(first!).getByTestId('rank-rate').className).toMatch(/up/);
    expect(within(second!).getByTestId('rank-rate').textContent).toBe('-3.10%');
    expect(within(second!).getByTestId('rank-rate').className).toMatch(/down/);
    expect(first!.textContent).toContain('EURUSD');
    expect(first!.textContent).toContain('1:100');
    expect(first!.textContent).toContain('62.50%');
    expect(first!.textContent).toContain('+1,234.56');
    expect(within(first!).getByTestId('risk-badge').textContent).toContain('Risk score 4 of 10');
    expect(first!.getAttribute('href')).toBe('/rank?provider=1');
    expect(sentTo(LIST)[0]!.params).toMatchObject({ page: 1, sort: 'three_week_rate' });

    await press(screen.getByTestId('rank-sort-followers'));
    await vi.waitFor(() =>
      expect(screen.getAllByTestId('rank-name').map((e) => e.textContent)).toEqual(['Popular Pat']),
    );
    expect(sentTo(LIST).at(-1)!.params).toMatchObject({ page: 1, sort: 'followers' });
    expect(router.state.location.search).toBe('?sort=followers');
    expect(screen.getByTestId('rank-sort-followers').getAttribute('aria-pressed')).toBe('true');
  });

  it('ranking: empty, and a failed load with Retry', async () => {
    serve({ [LIST]: () => ({ data: [], total: 0 }) });
    await renderAt('/rank');
    await screen.findByTestId('rank-empty');
    cleanup();
    queryClient.clear();
    let fail = true;
    serve({ [LIST]: () => (fail ? { refuse: 'Busy' } : { data: [rankItem(1)], total: 1 }) });
    await renderAt('/rank?sort=win_rate');
    await screen.findByTestId('rank-error');
    expect(toast).not.toHaveBeenCalled(); // the screen says it, not a toast as well
    fail = false;
    await press(screen.getByTestId('state-retry'));
    await vi.waitFor(() => expect(screen.getAllByTestId('rank-row')).toHaveLength(1));
    expect(sentTo(LIST).at(-1)!.params).toMatchObject({ sort: 'win_rate' });
  });

  it('follow form: below the minimum is refused here; a valid one is sent once with an Idempotency-Key', async () => {
    useSession.getState().setSession('tok-1', user());
    serve({
      [DETAIL]: () => detail(),
      [BALANCE]: () => ({ balance: '5000.00', lock_balance: '0.00' }),
      [START]: () => follow(41),
      [MINE]: () => [follow(41)],
    });
    const router = await renderAt('/rank?provider=7');
    await press(await screen.findByTestId('provider-follow'));
    await screen.findByTestId('follow-form');
    await vi.waitFor(() =>
      expect(screen.getByTestId('follow-limits').textContent).toBe(
        'Minimum 100.00 USD · available 5,000.00 USD',
      ),
    );

    type('follow-amount', '50');
    await press(screen.getByTestId('follow-submit'));
    expect(lastToast()).toBe('The minimum to copy this provider is 100.00 USD');
    type('follow-amount', '6000');
    await press(screen.getByTestId('follow-submit'));
    expect(lastToast()).toBe('The amount is more than your available balance');
    type('follow-amount', '250');
    type('copy-multiplier', '0');
    await press(screen.getByTestId('follow-submit'));
    expect(lastToast()).toBe('The multiplier must be above 0');
    expect(sentTo(START)).toHaveLength(0);

    type('copy-multiplier', '1.5');
    await press(screen.getByTestId('copy-sizing-2'));
    type('copy-max-lots', '2');
    type('copy-stop-loss', '150');
    await press(screen.getByTestId('copy-open'));
    await press(screen.getByTestId('follow-submit'));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?tab=copy'));
    expect(sentTo(START)).toHaveLength(1);
    const sent = sentTo(START)[0]!;
    expect(bodyOf(sent)).toEqual({
      provider_id: 7,
      amount: '250',
      sizing: 2,
      multiplier: '1.5',
      max_lots: '2',
      stop_loss: '150',
      copy_open: 1,
    });
    const key = sent.headers['idempotency-key'];
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(lastToast()).toBe('You are now copying Swing Sam');
  });

  it('follow: a visitor is sent to log in, a demo account told it needs a real one', async () => {
    serve({ [DETAIL]: () => detail() });
    const router = await renderAt('/rank?provider=7');
    await press(await screen.findByTestId('provider-follow'));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?from=${encodeURIComponent('/rank?provider=7')}`);
    cleanup();
    useSession.getState().setSession('tok-demo', user({ is_demo: 1 }));
    await renderAt('/rank?provider=7');
    await press(await screen.findByTestId('provider-follow'));
    expect(lastToast()).toBe('Please register or log in to a real account');
    expect(screen.queryByTestId('follow-form')).toBeNull();
  });

  it('copy tab: a COPY_TRADE frame updates its own follow; a new set of copies loads the list again', async () => {
    useSession.getState().setSession('tok-1', user());
    let loads = 0;
    serve({
      [MINE]: () => {
        loads++;
        return loads === 1
          ? [follow(41), follow(42, { provider: 'Other', copies: [copy(601)] })]
          : [
              follow(41, { copies: [copy(501), copy(502)] }),
              follow(42, { provider: 'Other', copies: [copy(601)] }),
            ];
      },
    });
    await renderAt('/rank?tab=copy');
    await vi.waitFor(() => expect(screen.getAllByTestId('follow-card')).toHaveLength(2));
    const card = () => screen.getAllByTestId('follow-card').find((c) => c.dataset.id === '41')!;
    const other = () => screen.getAllByTestId('follow-card').find((c) => c.dataset.id === '42')!;

    await pushFrame({
      FollowId: 41,
      ProfitsTotal: '-5.00',
      CautionMoneyAll: '108.51',
      NetValue: '995.00',
      Balance: '990.00',
      TransOrder: [{ Id: 501, UpdatePrice: 1.0846, FactProfits: '-5.000000' }],
    });
    expect(within(card()).getByTestId('follow-equity').textContent).toBe('995.00');
    expect(within(card()).getByTestId('follow-profit').textContent).toBe('-5.00');
    expect(within(card()).getByTestId('follow-profit').className).toMatch(/down/);
    expect(within(card()).getByTestId('copy-price').textContent).toBe('1.08460');
    expect(within(card()).getByTestId('copy-profit').textContent).toContain('-5.00');
    // The other follow is untouched, and nothing was loaded again.
    expect(within(other()).getByTestId('follow-equity').textContent).toBe('1,002.00');
    expect(loads).toBe(1);

    // The provider opened another position: the frame lists a copy the card does not show.
    await pushFrame({
      FollowId: 41,
      ProfitsTotal: '-4.00',
      CautionMoneyAll: '217.02',
      NetValue: '996.00',
      Balance: '881.49',
      TransOrder: [
        { Id: 501, UpdatePrice: 1.0847, FactProfits: '-4.000000' },
        { Id: 502, UpdatePrice: 1.0853, FactProfits: '0.000000' },
      ],
    });
    await vi.waitFor(() => expect(within(card()).getAllByTestId('copy-position')).toHaveLength(2));
    expect(loads).toBe(2);
  });

  it("copy tab: Pause sends the follow's settings with the new status; Stop asks first and sends a key", async () => {
    useSession.getState().setSession('tok-1', user());
    serve({
      [MINE]: () => [
        follow(41, { sizing: 2, multiplier: '1.50', max_lots: '2', stop_loss: '0', copy_open: true }),
      ],
      '/api/follow/update': (config) => follow(41, { status: Number(bodyOf(config).status) }),
      '/api/follow/stop': () => follow(41, { status: 3, status_reason: 'follower', copies: [] }),
    });
    await renderAt('/rank?tab=copy');
    await press(await screen.findByTestId('follow-pause'));
    await vi.waitFor(() => expect(sentTo('/api/follow/update')).toHaveLength(1));
    expect(bodyOf(sentTo('/api/follow/update')[0]!)).toEqual({
      id: 41,
      status: 2,
      sizing: 2,
      multiplier: '1.50',
      max_lots: '2',
      stop_loss: '0',
      copy_open: 1,
    });
    expect(sentTo('/api/follow/update')[0]!.headers['idempotency-key']).toBeUndefined();
    await press(screen.getByTestId('follow-stop'));
    await vi.waitFor(() => expect(document.querySelector('.adm-dialog')).not.toBeNull());
    expect(sentTo('/api/follow/stop')).toHaveLength(0);
    const stopButton = screen
      .getAllByRole('button', { name: 'Stop' })
      .find((e) => e.classList.contains('adm-dialog-button'))!;
    await press(stopButton);
    await vi.waitFor(() => expect(sentTo('/api/follow/stop')).toHaveLength(1));
    expect(bodyOf(sentTo('/api/follow/stop')[0]!)).toEqual({ id: 41 });
    expect(sentTo('/api/follow/stop')[0]!.headers['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
  });

  it('copy tab: a visitor is asked to log in, a demo account gets the real-account notice, none yet links to the ranking', async () => {
    serve({ [MINE]: () => [] });
    await renderAt('/rank?tab=copy');
    expect(screen.getByTestId('copy-login')).toBeTruthy();
    cleanup();
    useSession.getState().setSession('tok-demo', user({ is_demo: 1 }));
    await renderAt('/rank?tab=copy');
    expect(screen.getByTestId('real-account-required')).toBeTruthy();
    expect(sentTo(MINE)).toHaveLength(0);
    cleanup();
    useSession.getState().setSession('tok-1', user());
    await renderAt('/rank?tab=copy');
    await screen.findByTestId('copy-empty');
    expect(screen.getByTestId('copy-browse').getAttribute('href')).toBe('/rank');
  });

  it('applyCopyTrade: profit is equity less net funded, exactly; prices keep their places', () => {
    const list = [follow(41, { net_funded: '1000.10' })];
    const { follows, stale } = applyCopyTrade(list, {
      FollowId: 41,
      ProfitsTotal: '0.2',
      CautionMoneyAll: '108.51',
      NetValue: '1000.30',
      TransOrder: [{ Id: 501, UpdatePrice: 1.1, FactProfits: '0.200000' }],
    });
    expect(stale).toBe(false);
    expect(follows![0]!.profit).toBe('0.20');
    expect(follows![0]!.copies[0]!.price).toBe('1.10000');
    expect(applyCopyTrade(list, { ...sampleFrame(), FollowId: 99 }).stale).toBe(true);
  });

  it('figures: signed returns and profits, a negative zero shown as zero', () => {
    expect(rateText('12.34')).toBe('+12.34%');
    expect(rateText('-0.00')).toBe('0.00%');
    expect(rateText('-1.50')).toBe('-1.50%');
    expect(profitText('-0.001')).toBe('0.00');
    expect(profitText('1234.5')).toBe('+1,234.50');
  });

  it('checkFollow: minimum and balance compared exactly, stop loss below the amount', () => {
    const limits = { minAmount: '100.00', available: '1000.00' };
    const base = { amount: '100', multiplier: '1', maxLots: '', stopLoss: '' };
    expect(checkFollow({ ...base, amount: '99.99' }, limits)?.key).toBe('copy.form.amountBelowMin');
    expect(checkFollow(base, limits)).toBeNull();
    expect(checkFollow({ ...base, amount: '1000.01' }, limits)?.key).toBe('copy.form.amountAboveBalance');
    expect(checkFollow({ ...base, amount: '1.234' }, limits)?.key).toBe('copy.form.amountInvalid');
    expect(checkFollow({ ...base, stopLoss: '100' }, limits)?.key).toBe('copy.form.stopLossTooHigh');
    expect(checkFollow({ ...base, stopLoss: '60' }, limits)).toBeNull();
  });
});

function sampleFrame(): CopyTradeData {
  return { FollowId: 41, ProfitsTotal: '0', CautionMoneyAll: '0', NetValue: '1000.00', TransOrder: [] };
}
