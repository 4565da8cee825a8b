import {
  FOLLOW_STATUS,
  PROVIDER_STATUS,
  STAFF_API_PREFIX,
  type StaffCallData,
  type StaffProviderRow,
  type StaffRole,
  type staffCopyFeesCall,
  type staffCopyRefusalsCall,
  type staffFollowCall,
  type staffFollowsCall,
  staffReviewProviderCall,
} from '@meridian/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FeesScreen } from '../src/features/copy-trading/components/fees-screen';
import { FollowsScreen } from '../src/features/copy-trading/components/follows-screen';
import { ProvidersScreen } from '../src/features/copy-trading/components/providers-screen';
import { RefusalsScreen } from '../src/features/copy-trading/components/refusals-screen';
import { meKeys } from '../src/lib/me';
import { configureStaffClient } from '../src/lib/staff-client';
import { envelope, renderRoutes, setupTestI18n, staffMember } from './helpers';

type FollowRow = StaffCallData<typeof staffFollowsCall>['rows'][number];
type RefusalRow = StaffCallData<typeof staffCopyRefusalsCall>['rows'][number];
type FeeRow = StaffCallData<typeof staffCopyFeesCall>['rows'][number];
type FollowView = StaffCallData<typeof staffFollowCall>;

const waiting: StaffProviderRow = {
  userId: 7,
  uid: '10000007',
  account: 'ava@example.com',
  nickname: 'Ava Swing',
  avatar: '',
  description: 'Swing trades on majors.\nHolds for days.',
  feePercent: '20',
  status: PROVIDER_STATUS.APPLIED,
  staffNote: '',
  reviewedBy: '',
  reviewedAt: null,
  appliedAt: '2025-03-01T10:00:00Z',
  followers: 0,
  allocated: '0',
  totalRate: '12.34',
  threeWeekRate: '-1.50',
  totalTrades: 48,
};
const approved: StaffProviderRow = {
  ...waiting,
  totalRate: '-0.00',
  threeWeekRate: '0.00',
  userId: 8,
  uid: '10000008',
  account: 'sam@example.com',
  nickname: 'Sam Scalper',
  description: '',
  feePercent: '0',
  status: PROVIDER_STATUS.APPROVED,
  reviewedBy: 'kim@meridian.example',
  reviewedAt: '2025-02-01T09:00:00Z',
  followers: 3,
  allocated: '15250.5',
};

const follow: FollowRow = {
  id: 31,
  followerUserId: 42,
  followerUid: '12345678',
  providerUserId: 8,
  provider: 'Sam Scalper',
  status: FOLLOW_STATUS.PAUSED,
  statusReason: 'copy_stop_loss',
  sizing: 1,
  multiplier: '1.5',
  maxLots: '0',
  stopLoss: '800',
  netFunded: '1000',
  balance: '790.25',
  margin: '0',
  equity: '790.25',
  openCopies: 0,
  refusals: 2,
  feesPaid: '12.5',
  createdAt: '2025-03-02T08:00:00Z',
};
const refusal: RefusalRow = {
  id: 5,
  followId: 31,
  followerUid: '12345678',
  provider: 'Sam Scalper',
  providerOrderId: 9001,
  code: 'EURUSD',
  side: 2,
  lots: '0.01',
  errorCode: 7301,
  reason: 'The copy would be smaller than the instrument allows',
  createdAt: '2025-03-03T12:00:00Z',
};
/** Follow 31 as its follower sees it: one open copy filled 1.2 pips worse than the provider. */
const followView: FollowView = {
  id: 31,
  provider_id: 8,
  provider: 'Sam Scalper',
  avatar: '',
  status: FOLLOW_STATUS.PAUSED,
  status_reason: 'copy_stop_loss',
  sizing: 1,
  multiplier: '1.5',
  max_lots: '0',
  stop_loss: '800',
  copy_open: true,
  net_funded: '1000',
  balance: '790.25',
  margin: '21.7',
  equity: '804.1',
  profit: '-195.9',
  fee_percent: '0',
  fees_paid: '12.5',
  created_at: '2025-03-02 08:00:00',
  copies: [
    {
      id: 7002,
      code: 'EURUSD',
      side: 1,
      lots: '0.15',
      open_price: '1.08524',
      price: '1.08601',
      profit: '11.55',
      stop_loss: '0',
      take_profit: '0',
      opened_at: '2025-03-03 09:30:01',
      provider_order_id: 6001,
      provider_lots: '0.1',
      provider_open_price: '1.08512',
      slippage: '0.00012',
      same_tick: false,
    },
  ],
  refusals: [
    {
      id: 5,
      provider_order_id: 9001,
      code: 'XAUUSD',
      side: 2,
      lots: '0.01',
      reason: 'The copy would be smaller than the instrument allows',
      created_at: '2025-03-03 12:00:00',
    },
  ],
};
const fee: FeeRow = {
  ledgerId: 777,
  providerUserId: 8,
  provider: 'Sam Scalper',
  followId: 31,
  amount: '12.5',
  memo: 'copy 31 fee 2025-03',
  createdAt: '2025-04-01T00:00:00Z',
};

/** Staff API double of the copy-trading calls; the review answers `onReview` (after `gate`). */
function stubApi(onReview: () => Response = () => envelope(approved), gate?: Promise<void>) {
  const fn = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.slice(STAFF_API_PREFIX.length).split('?')[0]!;
    if (init?.method === 'GET' && path === '/copy/providers')
      return envelope({ rows: [waiting, approved], total: 2 });
    if (init?.method === 'GET' && path === '/copy/follows') return envelope({ rows: [follow], total: 1 });
    if (init?.method === 'GET' && path === '/copy/follows/31') return envelope(followView);
    if (init?.method === 'GET' && path === '/copy/refusals') return envelope({ rows: [refusal], total: 1 });
    if (init?.method === 'GET' && path === '/copy/fees') return envelope({ rows: [fee], total: 1 });
    if (init?.method === 'GET' && path === '/users')
      return envelope({ rows: [{ id: 42, uid: '12345678' }], total: 1 });
    if (init?.method === 'POST' && /^\/copy\/providers\/\d+\/review$/.test(path)) {
      await gate;
      return onReview();
    }
    return envelope(null, 'not stubbed', 9999);
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}
type Fetch = ReturnType<typeof stubApi>;
const requests = (fetch: Fetch, method: string, path: string) =>
  fetch.mock.calls.filter(
    ([url, init]) => url.split('?')[0] === `${STAFF_API_PREFIX}${path}` && init?.method === method,
  );
const reviews = (fetch: Fetch, userId: number) =>
  requests(fetch, 'POST', `/copy/providers/${userId}/review`).map(([, init]) =>
    JSON.parse(String(init!.body)),
  );

async function renderAs(role: StaffRole, path: string) {
  return renderRoutes(
    [
      { path: '/copy/providers', element: <ProvidersScreen /> },
      { path: '/copy/follows', element: <FollowsScreen /> },
      { path: '/copy/refusals', element: <RefusalsScreen /> },
      { path: '/copy/fees', element: <FeesScreen /> },
      { path: '/users/:id', element: <p>user page</p> },
    ],
    path,
    (queryClient) =>
      queryClient.setQueryData(meKeys.all, { staff: staffMember({ role }), mustEnrolTotp: false }),
  );
}

const dialogs = () => screen.getAllByRole('dialog');
const topDialog = () => within(dialogs().at(-1)!);
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

async function openDrawer(nickname: string, button: 'Review' | 'View') {
  await waitFor(() => expect(screen.getByText(nickname)).toBeTruthy());
  fireEvent.click(within(rowOf(nickname)).getByRole('button', { name: button }));
  await waitFor(() => expect(screen.getByText(`Provider ${nickname}`)).toBeTruthy());
}

describe('copy trading: providers', () => {
  beforeAll(async () => {
    await setupTestI18n();
  });
  beforeEach(() => {
    configureStaffClient({ getToken: () => 'tok', getLanguage: () => 'en' });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists every provider (the server puts waiting ones first) with status, fee, figures and reviewer', async () => {
    const fetch = stubApi();
    await renderAs('compliance', '/copy/providers');
    await waitFor(() => expect(screen.getByText('Ava Swing')).toBeTruthy());
    expect(requests(fetch, 'GET', '/copy/providers')[0]![0]).toBe(
      `${STAFF_API_PREFIX}/copy/providers?page=1&pageSize=20`,
    );
    const ava = within(rowOf('Ava Swing'));
    expect(ava.getByText('Waiting')).toBeTruthy();
    expect(ava.getByText('20%')).toBeTruthy();
    expect(ava.getByText('+12.34%')).toBeTruthy();
    expect(ava.getByText('-1.50%')).toBeTruthy();
    // A return rounded to nothing reads 0.00%, not -0.00%.
    expect(within(rowOf('Sam Scalper')).getAllByText('0.00%')).toHaveLength(2);
    expect(ava.getByRole('link', { name: '10000007' }).getAttribute('href')).toBe('/users/7');
    expect(ava.getByRole('button', { name: 'Review' })).toBeTruthy();
    const sam = within(rowOf('Sam Scalper'));
    expect(sam.getByText('Approved')).toBeTruthy();
    expect(sam.getByText('None')).toBeTruthy();
    expect(sam.getByText('15,250.5')).toBeTruthy();
    expect(sam.getByText('kim@meridian.example')).toBeTruthy();
    // Its follower count leads to its follows.
    expect(sam.getByRole('link', { name: '3' }).getAttribute('href')).toBe('/copy/follows?provider=8');

    // The status tab and the search go to the server.
    fireEvent.click(screen.getByRole('tab', { name: 'Waiting' }));
    await waitFor(() =>
      expect(requests(fetch, 'GET', '/copy/providers').some(([url]) => url.includes('status=0'))).toBe(true),
    );
    fireEvent.change(screen.getByPlaceholderText('UID, e-mail or nickname'), { target: { value: 'ava' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(
        requests(fetch, 'GET', '/copy/providers').some(
          ([url]) => url === `${STAFF_API_PREFIX}/copy/providers?status=0&q=ava&page=1&pageSize=20`,
        ),
      ).toBe(true),
    );
  });

  it('the drawer shows the profile; Reject needs the note the trader reads and sends it once', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const fetch = stubApi(() => envelope({ ...waiting, status: PROVIDER_STATUS.REJECTED }), gate);
    await renderAs('compliance', '/copy/providers');
    await openDrawer('Ava Swing', 'Review');
    const drawer = within(dialogs()[0]!);
    expect(drawer.getByText(/Swing trades on majors\./)).toBeTruthy();
    expect(drawer.getByText(/^Applied .+; waiting for review$/)).toBeTruthy();
    // A waiting application: approve or reject, nothing else.
    const buttons = drawer.getAllByRole('button').map((b) => b.textContent);
    expect(buttons).toEqual(expect.arrayContaining(['Approve', 'Reject']));
    for (const other of ['Suspend', 'Remove', 'Reinstate']) expect(buttons).not.toContain(other);
    const listsBefore = requests(fetch, 'GET', '/copy/providers').length;

    fireEvent.click(drawer.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(dialogs().length).toBe(2));
    expect(topDialog().getByText('Reject the application of Ava Swing')).toBeTruthy();
    expect(
      topDialog().getByText('Ava Swing (10000007) is not listed; they read your note and may apply again.'),
    ).toBeTruthy();
    fireEvent.click(topDialog().getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(topDialog().getByText('Say why: the trader reads this note')).toBeTruthy());
    expect(reviews(fetch, 7)).toHaveLength(0);

    fireEvent.change(topDialog().getByLabelText('Note to the trader'), {
      target: { value: '  Add a description of your strategy  ' },
    });
    fireEvent.click(topDialog().getByRole('button', { name: 'Reject' }));
    fireEvent.click(topDialog().getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(reviews(fetch, 7)).toHaveLength(1));
    await act(async () => {
      release();
    });
    expect(reviews(fetch, 7)).toEqual([{ action: 'reject', note: 'Add a description of your strategy' }]);
    expect(staffReviewProviderCall.body!.parse(reviews(fetch, 7)[0])).toEqual(reviews(fetch, 7)[0]);
    await waitFor(() => expect(screen.getByText('Application of Ava Swing rejected')).toBeTruthy());
    await waitFor(() => expect(screen.queryByText('Provider Ava Swing')).toBeNull());
    await waitFor(() =>
      expect(requests(fetch, 'GET', '/copy/providers').length).toBeGreaterThan(listsBefore),
    );
  });

  it('Approve may go without a note; an approved provider offers Suspend and Remove', async () => {
    const fetch = stubApi();
    await renderAs('owner', '/copy/providers?open=10000007');
    await waitFor(() => expect(screen.getByText('Provider Ava Swing')).toBeTruthy());
    fireEvent.click(within(dialogs()[0]!).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(dialogs().length).toBe(2));
    fireEvent.click(topDialog().getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(reviews(fetch, 7)).toEqual([{ action: 'approve', note: '' }]));
    await waitFor(() => expect(screen.getByText('Ava Swing approved as a provider')).toBeTruthy());
    await waitFor(() => expect(screen.queryByText('Provider Ava Swing')).toBeNull());

    await openDrawer('Sam Scalper', 'View');
    const drawer = within(dialogs()[0]!);
    const buttons = drawer.getAllByRole('button').map((b) => b.textContent);
    expect(buttons).toEqual(expect.arrayContaining(['Suspend', 'Remove']));
    for (const other of ['Approve', 'Reject', 'Reinstate']) expect(buttons).not.toContain(other);
    expect(drawer.getByText('No description written')).toBeTruthy();
    expect(drawer.getByRole('link', { name: 'Refused copies' }).getAttribute('href')).toBe(
      '/copy/refusals?provider=8',
    );
    fireEvent.click(drawer.getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(dialogs().length).toBe(2));
    expect(topDialog().getByText(/Their 3 followers stop copying new positions/)).toBeTruthy();
    fireEvent.change(topDialog().getByLabelText('Note to the trader'), {
      target: { value: 'Under review for risk' },
    });
    fireEvent.click(topDialog().getByRole('button', { name: 'Suspend' }));
    await waitFor(() =>
      expect(reviews(fetch, 8)).toEqual([{ action: 'suspend', note: 'Under review for risk' }]),
    );
  });

  it('a refusal keeps the dialog open with the server’s message', async () => {
    const fetch = stubApi(() => envelope(null, 'Only a waiting application can be approved', 5117));
    await renderAs('compliance', '/copy/providers?open=10000007');
    await waitFor(() => expect(screen.getByText('Provider Ava Swing')).toBeTruthy());
    fireEvent.click(within(dialogs()[0]!).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(dialogs().length).toBe(2));
    const before = requests(fetch, 'GET', '/copy/providers').length;
    fireEvent.click(topDialog().getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getByText('Only a waiting application can be approved')).toBeTruthy());
    // Someone else decided first (5117): the list is read again.
    await waitFor(() => expect(requests(fetch, 'GET', '/copy/providers').length).toBeGreaterThan(before));
  });

  it.each(['dealer', 'finance'] as StaffRole[])(
    '%s reads the drawer without review buttons',
    async (role) => {
      stubApi();
      await renderAs(role, '/copy/providers');
      await openDrawer('Ava Swing', 'Review');
      const drawer = within(dialogs()[0]!);
      for (const name of ['Approve', 'Reject']) expect(drawer.queryByRole('button', { name })).toBeNull();
    },
  );
});

describe('copy trading: follows, refused copies, fees', () => {
  beforeAll(async () => {
    await setupTestI18n();
  });
  beforeEach(() => {
    configureStaffClient({ getToken: () => 'tok', getLanguage: () => 'en' });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('follows: allocation figures, status with its reason, refusals linked; the follower UID is looked up', async () => {
    const fetch = stubApi();
    await renderAs('finance', '/copy/follows?provider=8');
    await waitFor(() => expect(screen.getByText('Copy stop loss reached')).toBeTruthy());
    expect(requests(fetch, 'GET', '/copy/follows')[0]![0]).toBe(
      `${STAFF_API_PREFIX}/copy/follows?providerUserId=8&page=1&pageSize=20`,
    );
    const row = within(rowOf('Copy stop loss reached'));
    expect(row.getByText('Paused')).toBeTruthy();
    expect(row.getByText('Equity ratio × 1.5')).toBeTruthy();
    expect(row.getByText('No lot limit')).toBeTruthy();
    expect(row.getByText('Stop loss at 800')).toBeTruthy();
    expect(row.getByText('1,000')).toBeTruthy();
    expect(row.getAllByText('790.25')).toHaveLength(2); // balance and equity (nothing open)
    expect(row.getByText('12.5')).toBeTruthy();
    expect(row.getByRole('link', { name: '12345678' }).getAttribute('href')).toBe('/users/42');
    expect(row.getByRole('link', { name: '2 refused copies of follow 31' }).getAttribute('href')).toBe(
      '/copy/refusals?follow=31',
    );

    fireEvent.change(screen.getByLabelText('Follower UID'), { target: { value: '12345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(
        requests(fetch, 'GET', '/copy/follows').some(
          ([url]) =>
            url === `${STAFF_API_PREFIX}/copy/follows?providerUserId=8&followerUserId=42&page=1&pageSize=20`,
        ),
      ).toBe(true),
    );
    expect(requests(fetch, 'GET', '/users')[0]![0]).toBe(
      `${STAFF_API_PREFIX}/users?q=12345678&page=1&pageSize=50`,
    );
  });

  it('follows: a row opens the follow in a drawer with each copy beside the provider’s fill', async () => {
    const fetch = stubApi();
    const { router } = await renderAs('dealer', '/copy/follows');
    await waitFor(() => expect(screen.getByText('Copy stop loss reached')).toBeTruthy());
    expect(requests(fetch, 'GET', '/copy/follows/31')).toHaveLength(0);
    // A click on the row (not on its links) opens it, and the URL says which.
    fireEvent.click(within(rowOf('Copy stop loss reached')).getByText('Equity ratio × 1.5'));
    await waitFor(() => expect(screen.getByText('Follow 31')).toBeTruthy());
    expect(router.state.location.search).toBe('?open=31');
    await waitFor(() => expect(screen.getByText('+0.00012')).toBeTruthy());
    expect(requests(fetch, 'GET', '/copy/follows/31')[0]![0]).toBe(`${STAFF_API_PREFIX}/copy/follows/31`);

    const drawer = within(dialogs()[0]!);
    // The follower comes from the list's row; figures from the follow.
    expect(drawer.getByRole('link', { name: '12345678' }).getAttribute('href')).toBe('/users/42');
    expect(drawer.getByText('-195.9')).toBeTruthy();
    expect(drawer.getByText('804.1')).toBeTruthy();
    const copy = within(drawer.getByText('+0.00012').closest('tr') as HTMLElement);
    for (const text of [
      'EURUSD',
      'Buy',
      '6001',
      '0.1',
      '1.08512',
      '7002',
      '0.15',
      '1.08524',
      '1.08601',
      '11.55',
    ])
      expect(copy.getByText(text)).toBeTruthy();
    expect(copy.getByText('No')).toBeTruthy(); // not priced by the provider's tick
    const refused = within(drawer.getByText(followView.refusals[0]!.reason).closest('tr') as HTMLElement);
    for (const text of ['9001', 'XAUUSD', 'Sell']) expect(refused.getByText(text)).toBeTruthy();
    expect(drawer.getByRole('link', { name: 'All refused copies of this follow' }).getAttribute('href')).toBe(
      '/copy/refusals?follow=31',
    );

    fireEvent.click(drawer.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // The id opens it too.
    fireEvent.click(screen.getByRole('button', { name: 'View follow 31' }));
    await waitFor(() => expect(router.state.location.search).toBe('?open=31'));
  });

  it('follows: the drawer says when the follow does not exist or cannot load', async () => {
    const fetch = stubApi();
    fetch.mockImplementation(async (url: string) => {
      const path = url.slice(STAFF_API_PREFIX.length).split('?')[0]!;
      if (path === '/copy/follows') return envelope({ rows: [follow], total: 1 });
      if (path === '/copy/providers') return envelope({ rows: [], total: 0 });
      if (path === '/copy/follows/99') return envelope(null, 'Not found', 5112);
      return envelope(null, 'Database unavailable', 1500);
    });
    await renderAs('finance', '/copy/follows?open=99');
    await waitFor(() => expect(screen.getByText('No follow has the ID 99')).toBeTruthy());
    cleanup();
    await renderAs('finance', '/copy/follows?open=31');
    await waitFor(() => expect(screen.getByText('Database unavailable')).toBeTruthy());
    const drawer = within(dialogs()[0]!);
    expect(drawer.getByText('Could not load this page')).toBeTruthy();
    const before = requests(fetch, 'GET', '/copy/follows/31').length;
    fireEvent.click(drawer.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(requests(fetch, 'GET', '/copy/follows/31').length).toBeGreaterThan(before));
  });

  it('follows: a UID nobody has says so instead of listing', async () => {
    const fetch = stubApi();
    await renderAs('compliance', '/copy/follows?follower=99999999');
    await waitFor(() => expect(screen.getByText('No user has the UID 99999999')).toBeTruthy());
    expect(requests(fetch, 'GET', '/copy/follows')).toHaveLength(0);
  });

  it('refused copies: time, follower, provider order, trade, error code and reason, filtered by follow', async () => {
    const fetch = stubApi();
    await renderAs('dealer', '/copy/refusals?follow=31');
    await waitFor(() => expect(screen.getByText(refusal.reason)).toBeTruthy());
    expect(requests(fetch, 'GET', '/copy/refusals')[0]![0]).toBe(
      `${STAFF_API_PREFIX}/copy/refusals?followId=31&page=1&pageSize=20`,
    );
    const row = within(rowOf(refusal.reason));
    for (const text of ['12345678', 'Sam Scalper', '9001', 'EURUSD', 'Sell', '0.01', '7301'])
      expect(row.getByText(text)).toBeTruthy();
  });

  it('fees paid: amount and the month it was charged for', async () => {
    const fetch = stubApi();
    await renderAs('finance', '/copy/fees');
    await waitFor(() => expect(screen.getByText('2025-03')).toBeTruthy());
    expect(requests(fetch, 'GET', '/copy/fees')[0]![0]).toBe(
      `${STAFF_API_PREFIX}/copy/fees?page=1&pageSize=20`,
    );
    const row = within(rowOf('2025-03'));
    expect(row.getByText('Sam Scalper')).toBeTruthy();
    expect(row.getByText('12.5')).toBeTruthy();
    expect(row.getByText('777')).toBeTruthy();
  });

  it('shows the error state with a retry when a list cannot load', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(null, 'Database unavailable', 1500)),
    );
    await renderAs('finance', '/copy/fees');
    await waitFor(() => expect(screen.getByText('Could not load this page')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
