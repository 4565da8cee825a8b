import {
  REAL_NAME_STATUS,
  STAFF_API_PREFIX,
  type StaffCallData,
  type StaffRole,
  type staffUserDetailCall,
} from '@meridian/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { UserDetailScreen } from '../src/features/users/components/user-detail-screen';
import { meKeys } from '../src/lib/me';
import { configureStaffClient } from '../src/lib/staff-client';
import { envelope, renderRoutes, setupTestI18n, staffMember } from './helpers';

type Detail = StaffCallData<typeof staffUserDetailCall>;

const detail: Detail = {
  user: {
    id: 42,
    uid: '12345678',
    email: 'kim@example.com',
    mobile: null,
    inviteCode: 'ABC123',
    isDemo: false,
    balance: '1000.00',
    lockBalance: '0.00',
    margin: '0.00',
    creditScore: 80,
    loginFrozen: false,
    tradingFrozen: false,
    frozenReason: '',
    createdAt: '2025-01-01T00:00:00Z',
  },
  inviter: null,
  sessions: [],
  live: [],
  account: {
    balance: '1000.00',
    lock_balance: '0.00',
    CautionMoneyAll: '0.00',
    ProfitsTotal: '0.00',
    NetValue: '1000.00',
    HazardRate: '',
    PrepaymentRatio: '',
    RiskStatus: 'none',
  },
  realName: { status: REAL_NAME_STATUS.WAITING, submissionId: 7 },
};

function stubApi() {
  const fn = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.slice(STAFF_API_PREFIX.length).split('?')[0]!;
    if (init?.method === 'GET' && path === '/users/42') return envelope(detail);
    // The server answers a change with the user row as it now stands.
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      if (path === '/users/42/adjust') return envelope({ ...detail.user, balance: '1012.50' }, 'Success');
      if (path === '/users/42/credit-score')
        return envelope({ ...detail.user, creditScore: body.score }, 'Success');
      if (path === '/users/42/freeze')
        return envelope({ ...detail.user, loginFrozen: body.login, tradingFrozen: body.trading }, 'Success');
      return envelope(null, 'Success');
    }
    return envelope({ rows: [], total: 0 });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}
const posts = (fetch: ReturnType<typeof stubApi>, path: string) =>
  fetch.mock.calls.filter(([url, init]) => url === `${STAFF_API_PREFIX}${path}` && init?.method === 'POST');

async function renderAs(role: StaffRole) {
  await renderRoutes([{ path: '/users/:id', element: <UserDetailScreen /> }], '/users/42', (queryClient) =>
    queryClient.setQueryData(meKeys.all, {
      staff: staffMember({ role }),
      mustEnrolTotp: false,
    }),
  );
  await waitFor(() => expect(screen.getByText('kim@example.com')).toBeTruthy());
}

const dialog = () => within(screen.getByRole('dialog'));
/** Opens a dialog the way a keyboard user does: focus on its button, then activate it. */
async function openWith(name: string) {
  const button = screen.getByRole('button', { name });
  button.focus();
  fireEvent.click(button);
  await waitFor(() => expect(screen.getByRole('dialog')).toBeTruthy());
  return button;
}
const enter = (el: Element) => fireEvent.keyDown(el, { key: 'Enter', code: 'Enter', keyCode: 13 });

describe('the user page’s dialogs by keyboard', () => {
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

  it('balance adjustment: focus in the amount, Enter saves a valid form (once), focus back on its button', async () => {
    const fetch = stubApi();
    await renderAs('owner');
    const button = await openWith('Adjust balance');
    const amount = dialog().getByLabelText('Amount (USD)');
    await waitFor(() => expect(document.activeElement).toBe(amount));
    // Invalid: Enter shows why and sends nothing.
    fireEvent.change(amount, { target: { value: '12.5' } });
    enter(amount);
    await waitFor(() => expect(dialog().getByText('Enter a memo')).toBeTruthy());
    expect(posts(fetch, '/users/42/adjust')).toHaveLength(0);
    const memo = dialog().getByLabelText('Memo');
    fireEvent.change(memo, { target: { value: 'Goodwill credit' } });
    enter(memo);
    enter(memo);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(fetch, '/users/42/adjust')).toHaveLength(1);
    expect(JSON.parse(String(posts(fetch, '/users/42/adjust')[0]![1]!.body))).toEqual({
      amount: '12.5',
      memo: 'Goodwill credit',
    });
    // The toast says what moved and the balance now, not the bare 'Success'.
    await waitFor(() =>
      expect(screen.getByText('12.5 USD credited; the balance is now 1,012.50 USD')).toBeTruthy(),
    );
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('credit score: focus in the score, Enter in the reason saves; Escape gives focus back', async () => {
    const fetch = stubApi();
    await renderAs('owner');
    const button = await openWith('Set credit score');
    const score = dialog().getByLabelText('Credit score') as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(score));
    expect(score.value).toBe('80');
    fireEvent.keyDown(score, { key: 'Escape', code: 'Escape', keyCode: 27 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));

    await openWith('Set credit score');
    fireEvent.change(dialog().getByLabelText('Credit score'), { target: { value: '55' } });
    const reason = dialog().getByLabelText('Reason');
    fireEvent.change(reason, { target: { value: 'Reviewed history' } });
    // Shift+Enter is a new line in the reason, not a save.
    fireEvent.keyDown(reason, { key: 'Enter', code: 'Enter', keyCode: 13, shiftKey: true });
    expect(posts(fetch, '/users/42/credit-score')).toHaveLength(0);
    enter(reason);
    await waitFor(() => expect(posts(fetch, '/users/42/credit-score')).toHaveLength(1));
    expect(JSON.parse(String(posts(fetch, '/users/42/credit-score')[0]![1]!.body))).toEqual({
      score: 55,
      reason: 'Reviewed history',
    });
    await waitFor(() => expect(screen.getByText('Credit score set to 55')).toBeTruthy());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('freeze: focus on the first switch, Enter in the reason saves, Cancel gives focus back', async () => {
    const fetch = stubApi();
    await renderAs('owner');
    const button = await openWith('Freeze / unfreeze');
    await waitFor(() => expect(document.activeElement).toBe(dialog().getAllByRole('switch')[0]));
    fireEvent.click(dialog().getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));

    await openWith('Freeze / unfreeze');
    fireEvent.click(dialog().getAllByRole('switch')[1]!);
    const reason = dialog().getByLabelText('Reason');
    fireEvent.change(reason, { target: { value: 'Chargeback under review' } });
    await act(async () => {
      enter(reason);
    });
    await waitFor(() => expect(posts(fetch, '/users/42/freeze')).toHaveLength(1));
    expect(JSON.parse(String(posts(fetch, '/users/42/freeze')[0]![1]!.body))).toEqual({
      login: false,
      trading: true,
      reason: 'Chargeback under review',
    });
    await waitFor(() => expect(screen.getByText('Saved: Login allowed, Trading frozen')).toBeTruthy());
  });
});

describe('the user page’s real-name status', () => {
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

  it('shows the status and links compliance to the submission’s review', async () => {
    stubApi();
    await renderAs('compliance');
    expect(screen.getByTestId('real-name-status').textContent).toBe('Waiting');
    expect(screen.getByRole('link', { name: 'Open review' }).getAttribute('href')).toBe('/real-names?open=7');
  });

  it('offers no review link to a role that cannot review', async () => {
    stubApi();
    await renderAs('support');
    expect(screen.getByTestId('real-name-status').textContent).toBe('Waiting');
    expect(screen.queryByRole('link', { name: 'Open review' })).toBeNull();
  });
});
