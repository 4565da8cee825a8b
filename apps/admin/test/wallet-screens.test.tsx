import {
  STAFF_API_PREFIX,
  type StaffCallData,
  type StaffRole,
  type staffDepositsCall,
  staffSaveCoinOptionCall,
  staffSaveDrawCurrencyCall,
  type staffWalletConfigCall,
  type staffWithdrawalsCall,
} from '@meridian/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardScreen } from '../src/features/dashboard/components/dashboard-screen';
import { DepositsScreen } from '../src/features/deposits/components/deposits-screen';
import { toCoinOptionBody, toDrawCurrencyBody } from '../src/features/wallet-settings/api/wallet-config';
import { WalletSettingsScreen } from '../src/features/wallet-settings/components/wallet-settings-screen';
import { WithdrawalsScreen } from '../src/features/withdrawals/components/withdrawals-screen';
import { meKeys } from '../src/lib/me';
import { configureStaffClient, fetchStaffBlob, StaffApiError } from '../src/lib/staff-client';
import { envelope, renderRoutes, setupTestI18n, staffMember } from './helpers';

type DepositRow = StaffCallData<typeof staffDepositsCall>['rows'][number];
type WithdrawalRow = StaffCallData<typeof staffWithdrawalsCall>['rows'][number];
type WalletConfig = StaffCallData<typeof staffWalletConfigCall>;

const member = (role: StaffRole) => staffMember({ role });

const PROOF_URL = `${STAFF_API_PREFIX}/files/proof/abc.png`;

const deposit: DepositRow = {
  id: 5,
  userId: 42,
  uid: 'U000042',
  type: 0,
  amount: '1500.00',
  currencyCode: 'USDT',
  address: 'TXa1b2c3d4e5f6g7h8',
  proofUrl: PROOF_URL,
  status: 0,
  remark: '',
  reviewedBy: '',
  createdAt: '2025-03-01T10:00:00Z',
  reviewedAt: null,
};

const withdrawal: WithdrawalRow = {
  id: 9,
  userId: 42,
  uid: 'U000042',
  type: 1,
  amount: '200.00',
  fee: '5.00',
  received: '195.00',
  currencyCode: 'USDT',
  destination: 'TXz9y8x7 (TRC20)',
  holds: { loginFrozen: false, tradingFrozen: false, reason: '' },
  payout: {
    address: 'TXz9y8x7',
    network: 'TRC20',
    payee: '',
    bankName: '',
    bankAddress: '',
    bankSwift: '',
    payeeName: '',
    payeeAccount: '',
    receiptCurrency: '',
    bankRemark: '',
  },
  status: 0,
  memo: 'rent',
  remark: '',
  reviewedBy: '',
  createdAt: '2025-03-02T10:00:00Z',
  reviewedAt: null,
};

const config: WalletConfig = {
  coinOptions: [
    {
      id: 1,
      currencyCode: 'USDT',
      protocolCode: 'TRC20',
      address: 'TXbrokeraddress01',
      enabled: true,
      sort: 1,
    },
  ],
  bankChannels: [{ id: 3, name: 'HKD', enabled: true, sort: 0 }],
  bankAccounts: [
    {
      id: 4,
      channelId: 3,
      bankName: 'Harbour Bank',
      bankAddress: '1 Queen’s Road',
      bankSwift: 'HRBKHKHH',
      payeeName: 'Meridian Ltd',
      payeeAccount: '123-456-789',
      bankRemark: '',
      enabled: true,
    },
  ],
  drawCurrencies: [
    {
      id: 2,
      type: 1,
      code: 'USDT',
      protocol: 'TRC20',
      feeType: 1,
      drawRate: '5',
      usdPrice: '1',
      minAmount: '10',
      enabled: true,
      sort: 0,
    },
  ],
};

/**
 * A fetch double of the staff API: GETs answer from `gets` (by path without the query), the proof
 * URL answers an image, POSTs answer what `onPost` returns for the path.
 */
function stubApi(
  gets: Record<string, () => unknown>,
  onPost: (path: string, body: unknown) => Response = () => envelope(null),
) {
  const fn = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === PROOF_URL) {
      return new Response(new Blob(['png-bytes'], { type: 'image/png' }), {
        status: 200,
        headers: { 'content-type': 'image/png' },
      });
    }
    const path = url.slice(STAFF_API_PREFIX.length).split('?')[0]!;
    if (init?.method === 'GET' && gets[path]) return envelope(gets[path]!());
    if (init?.method === 'POST') return onPost(path, JSON.parse(String(init.body)));
    return envelope(null, 'not stubbed', 9999);
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

const callsTo = (fetch: ReturnType<typeof stubApi>, path: string, method = 'GET') =>
  fetch.mock.calls.filter(
    ([url, init]) => url.split('?')[0] === `${STAFF_API_PREFIX}${path}` && init?.method === method,
  );

async function renderAs(role: StaffRole, element: ReactNode, path = '/') {
  return renderRoutes(
    [
      { path: '/', element },
      { path: '/deposits', element: <p>deposits screen</p> },
      { path: '/withdrawals', element: <p>withdrawals screen</p> },
      { path: '/users/:id', element: <p>user detail</p> },
    ],
    path,
    (queryClient) => queryClient.setQueryData(meKeys.all, { staff: member(role), mustEnrolTotp: false }),
  );
}

/** antd renders drawers and modals as dialogs; the newest is the last. */
const dialogs = () => screen.getAllByRole('dialog');
const topDialog = () => within(dialogs().at(-1)!);

/**
 * Clicks a decision in the drawer, types the reason and confirms it in the reason dialog, which
 * says the client reads it (it becomes the remark of their record, whatever the decision).
 */
async function decide(button: string, reason: string) {
  fireEvent.click(within(dialogs()[0]!).getByRole('button', { name: button }));
  await waitFor(() => expect(dialogs().length).toBe(2));
  expect(
    topDialog().getByText(
      'The client sees this note in their deposit and withdrawal records. It is also kept in the audit log.',
    ),
  ).toBeTruthy();
  fireEvent.change(topDialog().getByLabelText('Note to the client'), { target: { value: reason } });
  fireEvent.click(topDialog().getByRole('button', { name: button }));
}

describe('wallet screens', () => {
  beforeAll(async () => {
    await setupTestI18n();
  });
  beforeEach(() => {
    sessionStorage.setItem('meridian.admin.token', 'tok');
    configureStaffClient({ getToken: () => 'tok-7', getLanguage: () => 'en' });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  describe('DepositsScreen', () => {
    it('lists waiting deposits (status 0) with the user linking to the user detail', async () => {
      const fetch = stubApi({ '/deposits': () => ({ rows: [deposit], total: 1 }) });
      await renderAs('finance', <DepositsScreen />);
      await waitFor(() => expect(screen.getByText('1,500.00')).toBeTruthy());
      const list = callsTo(fetch, '/deposits')[0]!;
      expect(list[0]).toBe(`${STAFF_API_PREFIX}/deposits?status=0&page=1&pageSize=20`);
      expect(screen.getByRole('link', { name: 'U000042' }).getAttribute('href')).toBe('/users/42');
      expect(screen.getByRole('tab', { name: 'Waiting' })).toBeTruthy();
      expect(screen.getByRole('tab', { name: 'Void' })).toBeTruthy();
    });

    it('the review drawer fetches the proof with the Authorization header and shows it by an object URL', async () => {
      const create = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:proof-1');
      const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
      const fetch = stubApi({ '/deposits': () => ({ rows: [deposit], total: 1 }) });
      await renderAs('finance', <DepositsScreen />);
      await waitFor(() => expect(screen.getByText('1,500.00')).toBeTruthy());
      fireEvent.click(screen.getByRole('button', { name: 'Review' }));

      await waitFor(() => expect(screen.getByAltText('Payment proof of deposit 5')).toBeTruthy());
      const proof = fetch.mock.calls.find(([url]) => url === PROOF_URL)!;
      expect(proof[1]!.method).toBe('GET');
      expect((proof[1]!.headers as Record<string, string>).Authorization).toBe('Bearer tok-7');
      expect(create).toHaveBeenCalledTimes(1);
      expect((create.mock.calls[0]![0] as Blob).type).toBe('image/png');
      expect(screen.getByAltText('Payment proof of deposit 5').getAttribute('src')).toBe('blob:proof-1');

      fireEvent.click(within(dialogs()[0]!).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(revoke).toHaveBeenCalledWith('blob:proof-1'));
    });

    it('Approve asks for a reason, posts {action, reason} to /deposits/:id/review, shows the answer and reads the list again', async () => {
      vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:proof-2');
      vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
      let rows = [deposit];
      const fetch = stubApi({ '/deposits': () => ({ rows, total: rows.length }) }, (_path, body) => {
        rows = [];
        return envelope({ ...deposit, status: 1, remark: (body as { reason: string }).reason }, 'Success');
      });
      await renderAs('finance', <DepositsScreen />);
      await waitFor(() => expect(screen.getByText('1,500.00')).toBeTruthy());
      const listsBefore = callsTo(fetch, '/deposits').length;
      fireEvent.click(screen.getByRole('button', { name: 'Review' }));
      await waitFor(() => expect(screen.getByText('Review deposit 5')).toBeTruthy());
      await decide('Approve', 'Proof matches the bank statement');

      // Whose money moved and how much, not the server's bare 'Success'.
      await waitFor(() =>
        expect(screen.getByText('Deposit 5 approved: 1,500.00 USD credited to U000042')).toBeTruthy(),
      );
      const posts = callsTo(fetch, '/deposits/5/review', 'POST');
      expect(posts).toHaveLength(1);
      expect(JSON.parse(String(posts[0]![1]!.body))).toEqual({
        action: 'approve',
        reason: 'Proof matches the bank statement',
      });
      expect((posts[0]![1]!.headers as Record<string, string>).Authorization).toBe('Bearer tok-7');
      await waitFor(() => expect(callsTo(fetch, '/deposits').length).toBeGreaterThan(listsBefore));
      await waitFor(() => expect(screen.queryByText('1,500.00')).toBeNull());
    });

    it('Void and Reject send their action; a reason under 3 characters is not sent', async () => {
      vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:proof-3');
      vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
      const fetch = stubApi({ '/deposits': () => ({ rows: [deposit], total: 1 }) }, () =>
        envelope(deposit, 'Success'),
      );
      await renderAs('finance', <DepositsScreen />);
      await waitFor(() => expect(screen.getByText('1,500.00')).toBeTruthy());
      fireEvent.click(screen.getByRole('button', { name: 'Review' }));
      await waitFor(() => expect(screen.getByText('Review deposit 5')).toBeTruthy());
      await decide('Void', 'ab');
      await waitFor(() => expect(screen.getByText('The reason needs at least 3 characters')).toBeTruthy());
      expect(callsTo(fetch, '/deposits/5/review', 'POST')).toHaveLength(0);
      fireEvent.change(topDialog().getByLabelText('Note to the client'), {
        target: { value: 'Duplicate request' },
      });
      fireEvent.click(topDialog().getByRole('button', { name: 'Void' }));
      await waitFor(() => expect(callsTo(fetch, '/deposits/5/review', 'POST')).toHaveLength(1));
      expect(JSON.parse(String(callsTo(fetch, '/deposits/5/review', 'POST')[0]![1]!.body))).toEqual({
        action: 'void',
        reason: 'Duplicate request',
      });
      await waitFor(() =>
        expect(screen.getByText('Deposit 5 voided: nothing credited to U000042')).toBeTruthy(),
      );
    });

    it('5117 (already reviewed) shows the server’s message, closes the drawer and reads the list again', async () => {
      vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:proof-4');
      vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
      const fetch = stubApi({ '/deposits': () => ({ rows: [deposit], total: 1 }) }, () =>
        envelope(null, 'This request has already been reviewed', 5117),
      );
      await renderAs('finance', <DepositsScreen />);
      await waitFor(() => expect(screen.getByText('1,500.00')).toBeTruthy());
      const listsBefore = callsTo(fetch, '/deposits').length;
      fireEvent.click(screen.getByRole('button', { name: 'Review' }));
      await waitFor(() => expect(screen.getByText('Review deposit 5')).toBeTruthy());
      await decide('Reject', 'Proof is unreadable');
      await waitFor(() => expect(screen.getByText('This request has already been reviewed')).toBeTruthy());
      expect(JSON.parse(String(callsTo(fetch, '/deposits/5/review', 'POST')[0]![1]!.body))).toEqual({
        action: 'reject',
        reason: 'Proof is unreadable',
      });
      await waitFor(() => expect(callsTo(fetch, '/deposits').length).toBeGreaterThan(listsBefore));
      await waitFor(() => expect(screen.queryByText('Review deposit 5')).toBeNull());
    });

    it('other tabs ask for their status and have no Review action', async () => {
      const fetch = stubApi({
        '/deposits': () => ({ rows: [{ ...deposit, status: 2, reviewedBy: 'Kim' }], total: 1 }),
      });
      await renderAs('finance', <DepositsScreen />, '/?status=2');
      await waitFor(() => expect(screen.getByText('Kim')).toBeTruthy());
      expect(callsTo(fetch, '/deposits')[0]![0]).toBe(
        `${STAFF_API_PREFIX}/deposits?status=2&page=1&pageSize=20`,
      );
      expect(screen.queryByRole('button', { name: 'Review' })).toBeNull();
    });
  });

  describe('WithdrawalsScreen', () => {
    it('Pay posts {action: pay, reason} to /withdrawals/:id/review', async () => {
      const fetch = stubApi({ '/withdrawals': () => ({ rows: [withdrawal], total: 1 }) }, () =>
        envelope({ ...withdrawal, status: 1 }, 'Success'),
      );
      await renderAs('owner', <WithdrawalsScreen />);
      await waitFor(() => expect(screen.getByText('195.00')).toBeTruthy());
      expect(screen.getByText('rent')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Review' }));
      await waitFor(() => expect(screen.getByText('Review withdrawal 9')).toBeTruthy());
      await decide('Mark as paid', 'Sent from the hot wallet');
      await waitFor(() =>
        expect(screen.getByText('Withdrawal 9 marked as paid: 195.00 USDT to U000042')).toBeTruthy(),
      );
      const posts = callsTo(fetch, '/withdrawals/9/review', 'POST');
      expect(posts).toHaveLength(1);
      expect(JSON.parse(String(posts[0]![1]!.body))).toEqual({
        action: 'pay',
        reason: 'Sent from the hot wallet',
      });
    });

    it('shows every detail a wire needs, in the list and the drawer, as the trader asked', async () => {
      const wire: WithdrawalRow = {
        ...withdrawal,
        id: 11,
        type: 2,
        currencyCode: 'USD',
        destination: 'HSBC 123456789',
        payout: {
          address: '',
          network: '',
          payee: 'Jane Q Trader, 5 Garden Rd',
          bankName: 'HSBC',
          bankAddress: '1 Queen’s Road Central',
          bankSwift: 'HSBCHKHHHKH',
          payeeName: 'Jane Q Trader',
          payeeAccount: '123456789',
          receiptCurrency: 'HKD',
          bankRemark: 'Ref JQT-77',
        },
      };
      const coin: WithdrawalRow = {
        ...withdrawal,
        id: 12,
        currencyCode: 'BTC',
        destination: 'bc1qnonetwork',
        payout: { ...withdrawal.payout!, address: 'bc1qnonetwork', network: '' },
      };
      stubApi({ '/withdrawals': () => ({ rows: [wire, coin], total: 2 }) });
      await renderAs('finance', <WithdrawalsScreen />);
      await waitFor(() =>
        expect(screen.getByText('Jane Q Trader · HSBC 123456789 · HSBCHKHHHKH · HKD')).toBeTruthy(),
      );
      fireEvent.click(screen.getAllByRole('button', { name: 'Review' })[0]!);
      await waitFor(() => expect(screen.getByText('Review withdrawal 11')).toBeTruthy());
      const drawer = within(dialogs()[0]!);
      for (const [label, value] of [
        ['Account name', 'Jane Q Trader'],
        ['Account number', '123456789'],
        ['Bank name', 'HSBC'],
        ['Bank address', '1 Queen’s Road Central'],
        ['SWIFT code', 'HSBCHKHHHKH'],
        ['Receiving currency', 'HKD'],
        ['Payee (as entered)', 'Jane Q Trader, 5 Garden Rd'],
        ['Bank note', 'Ref JQT-77'],
      ]) {
        const row = drawer.getByText(label!).closest('tr') as HTMLElement;
        expect(within(row).getByText(value!), label).toBeTruthy();
      }
      fireEvent.click(drawer.getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByText('Review withdrawal 11')).toBeNull());
      fireEvent.click(screen.getAllByRole('button', { name: 'Review' })[1]!);
      await waitFor(() => expect(screen.getByText('Review withdrawal 12')).toBeTruthy());
      const coinDrawer = within(dialogs().at(-1)!);
      expect(coinDrawer.getByText('None (the currency has no network)')).toBeTruthy();
      expect(coinDrawer.queryByText(/\(\)/)).toBeNull();
    });

    it('still reads a request made before the details were kept (its one line)', async () => {
      stubApi({ '/withdrawals': () => ({ rows: [{ ...withdrawal, payout: null }], total: 1 }) });
      await renderAs('finance', <WithdrawalsScreen />);
      await waitFor(() => expect(screen.getByText('TXz9y8x7 (TRC20)')).toBeTruthy());
      fireEvent.click(screen.getByRole('button', { name: 'Review' }));
      await waitFor(() => expect(screen.getByText('Review withdrawal 9')).toBeTruthy());
      expect(
        within(dialogs()[0]!).getByText(
          'Requested before the full payment details were kept: only this line was saved.',
        ),
      ).toBeTruthy();
    });

    it("shows a client's compliance hold in the list and, with its reason, before paying", async () => {
      const held = {
        ...withdrawal,
        holds: { loginFrozen: false, tradingFrozen: true, reason: 'AML review pending' },
      };
      stubApi({ '/withdrawals': () => ({ rows: [held, { ...withdrawal, id: 10 }], total: 2 }) });
      await renderAs('finance', <WithdrawalsScreen />);
      await waitFor(() => expect(screen.getAllByText('195.00')).toHaveLength(2));
      expect(screen.getAllByText('Trading frozen')).toHaveLength(1);
      fireEvent.click(screen.getAllByRole('button', { name: 'Review' })[0]!);
      await waitFor(() => expect(screen.getByText('Review withdrawal 9')).toBeTruthy());
      const drawer = dialogs()[0]!;
      expect(
        within(drawer).getByText('This client is under a compliance hold. Check it before paying.'),
      ).toBeTruthy();
      expect(within(drawer).getByText(/AML review pending/)).toBeTruthy();
    });

    it('no hold, no warning', async () => {
      stubApi({ '/withdrawals': () => ({ rows: [withdrawal], total: 1 }) });
      await renderAs('finance', <WithdrawalsScreen />);
      await waitFor(() => expect(screen.getByText('195.00')).toBeTruthy());
      fireEvent.click(screen.getByRole('button', { name: 'Review' }));
      await waitFor(() => expect(screen.getByText('Review withdrawal 9')).toBeTruthy());
      expect(screen.queryByTestId('withdrawal-held')).toBeNull();
      expect(screen.queryByText('Trading frozen')).toBeNull();
    });

    it('Reject posts {action: reject, reason}', async () => {
      const fetch = stubApi({ '/withdrawals': () => ({ rows: [withdrawal], total: 1 }) }, () =>
        envelope({ ...withdrawal, status: 2 }, 'Success'),
      );
      await renderAs('finance', <WithdrawalsScreen />);
      await waitFor(() => expect(screen.getByText('195.00')).toBeTruthy());
      fireEvent.click(screen.getByRole('button', { name: 'Review' }));
      await waitFor(() => expect(screen.getByText('Review withdrawal 9')).toBeTruthy());
      await decide('Reject', 'Address is on a sanctions list');
      await waitFor(() =>
        expect(
          screen.getByText('Withdrawal 9 rejected: 200.00 USD returned to the balance of U000042'),
        ).toBeTruthy(),
      );
      expect(JSON.parse(String(callsTo(fetch, '/withdrawals/9/review', 'POST')[0]![1]!.body))).toEqual({
        action: 'reject',
        reason: 'Address is on a sanctions list',
      });
    });
  });

  describe('WalletSettingsScreen', () => {
    it('shows the four tables; New coin option checks the contract’s rules, then saves', async () => {
      const fetch = stubApi({ '/wallet/config': () => config }, (_path, body) =>
        envelope({ id: 7, ...(body as object) }, 'Saved'),
      );
      await renderAs('finance', <WalletSettingsScreen />);
      await waitFor(() => expect(screen.getByText('Harbour Bank')).toBeTruthy());
      for (const title of [
        'Coin deposit options',
        'Bank deposit channels',
        'Bank accounts',
        'Withdrawal currencies',
      ])
        expect(screen.getByText(title)).toBeTruthy();
      const listsBefore = callsTo(fetch, '/wallet/config').length;

      fireEvent.click(screen.getByRole('button', { name: /New coin option/ }));
      await waitFor(() => expect(topDialog().getByLabelText('Coin')).toBeTruthy());
      fireEvent.change(topDialog().getByLabelText('Coin'), { target: { value: 'u$' } });
      fireEvent.change(topDialog().getByLabelText('Receiving address'), { target: { value: 'short' } });
      fireEvent.click(topDialog().getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(topDialog().getByText('2 to 10 capital letters or digits, such as USDT')).toBeTruthy(),
      );
      expect(topDialog().getByText('10 to 128 characters')).toBeTruthy();
      expect(callsTo(fetch, '/wallet/coin-options', 'POST')).toHaveLength(0);

      fireEvent.change(topDialog().getByLabelText('Coin'), { target: { value: 'usdc' } });
      fireEvent.change(topDialog().getByLabelText('Network'), { target: { value: 'erc20' } });
      fireEvent.change(topDialog().getByLabelText('Receiving address'), {
        target: { value: ' 0xabc0123456789def ' },
      });
      fireEvent.click(topDialog().getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.getByText('Saved')).toBeTruthy());
      const sent = JSON.parse(String(callsTo(fetch, '/wallet/coin-options', 'POST')[0]![1]!.body));
      expect(sent).toEqual({
        currencyCode: 'USDC',
        protocolCode: 'ERC20',
        address: '0xabc0123456789def',
        enabled: true,
        sort: 0,
      });
      expect(staffSaveCoinOptionCall.body!.parse(sent)).toEqual(sent);
      await waitFor(() => expect(callsTo(fetch, '/wallet/config').length).toBeGreaterThan(listsBefore));
    });

    it('Edit of a withdrawal currency sends its id and the changed fee', async () => {
      const fetch = stubApi({ '/wallet/config': () => config }, (_path, body) => envelope(body, 'Saved'));
      await renderAs('finance', <WalletSettingsScreen />);
      await waitFor(() => expect(screen.getByText('Harbour Bank')).toBeTruthy());
      const card = screen.getByText('Withdrawal currencies').closest('.ant-card') as HTMLElement;
      fireEvent.click(within(card).getByRole('button', { name: 'Edit' }));
      await waitFor(() => expect(topDialog().getByLabelText('Fee')).toBeTruthy());
      fireEvent.change(topDialog().getByLabelText('Fee'), { target: { value: '7.5' } });
      fireEvent.click(topDialog().getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(callsTo(fetch, '/wallet/draw-currencies', 'POST')).toHaveLength(1));
      const sent = JSON.parse(String(callsTo(fetch, '/wallet/draw-currencies', 'POST')[0]![1]!.body));
      expect(sent).toEqual({
        id: 2,
        type: 1,
        code: 'USDT',
        protocol: 'TRC20',
        feeType: 1,
        drawRate: '7.5',
        usdPrice: '1',
        minAmount: '10',
        enabled: true,
        sort: 0,
      });
      expect(staffSaveDrawCurrencyCall.body!.parse(sent)).toEqual(sent);
    });
  });

  describe('Dashboard queues', () => {
    const dashboard = (queues: { deposits: number | null; withdrawals: number | null }) => ({
      usersToday: 1,
      usersTotal: 10,
      openPositions: 2,
      pendingOrders: 3,
      queues,
      exposure: [],
    });

    it('each queue count links to its screen for finance', async () => {
      stubApi({ '/dashboard': () => dashboard({ deposits: 4, withdrawals: 6 }) });
      await renderAs('finance', <DashboardScreen />);
      await waitFor(() => expect(screen.getByRole('link', { name: '4' })).toBeTruthy());
      expect(screen.getByRole('link', { name: '4' }).getAttribute('href')).toBe('/deposits');
      expect(screen.getByRole('link', { name: '6' }).getAttribute('href')).toBe('/withdrawals');
    });

    it('no link for a null queue, nor for a role that may not open the screen', async () => {
      stubApi({ '/dashboard': () => dashboard({ deposits: null, withdrawals: 6 }) });
      await renderAs('finance', <DashboardScreen />);
      await waitFor(() => expect(screen.getByRole('link', { name: '6' })).toBeTruthy());
      expect(screen.getAllByRole('link')).toHaveLength(1);
      cleanup();

      stubApi({ '/dashboard': () => dashboard({ deposits: 4, withdrawals: 6 }) });
      await renderAs('support', <DashboardScreen />);
      await waitFor(() => expect(screen.getByText('4')).toBeTruthy());
      expect(screen.queryAllByRole('link')).toHaveLength(0);
    });
  });
});

describe('fetchStaffBlob', () => {
  beforeEach(() => configureStaffClient({ getToken: () => 'tok-9', getLanguage: () => 'hk' }));
  afterEach(() => vi.unstubAllGlobals());

  it('sends the Authorization header and resolves to the image', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(new Blob(['x'], { type: 'image/webp' }), { headers: { 'content-type': 'image/webp' } }),
    );
    vi.stubGlobal('fetch', fetch);
    const blob = await fetchStaffBlob('/admin-api/v1/files/a.webp');
    expect(blob.type).toBe('image/webp');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/admin-api/v1/files/a.webp');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-9');
  });

  it('a refusal envelope rejects with the server’s message', async () => {
    vi.stubGlobal('fetch', async () => envelope(null, 'File not found', 1104));
    await expect(fetchStaffBlob('/admin-api/v1/files/gone.png')).rejects.toEqual(
      new StaffApiError(1104, 'File not found', 200),
    );
  });
});

describe('wallet setting bodies', () => {
  it('trim text, write codes in capitals, add the id only when editing', () => {
    expect(
      toCoinOptionBody({
        currencyCode: ' usdt ',
        protocolCode: ' TRC20',
        address: ' Tabc1234567 ',
        enabled: false,
        sort: 2,
      }),
    ).toEqual({
      currencyCode: 'USDT',
      protocolCode: 'TRC20',
      address: 'Tabc1234567',
      enabled: false,
      sort: 2,
    });
    const body = toDrawCurrencyBody(
      { type: 2, code: 'hkd', protocol: '', feeType: 2, drawRate: ' 0.01', usdPrice: '7.8', minAmount: '' },
      3,
    );
    expect(body).toEqual({
      id: 3,
      type: 2,
      code: 'HKD',
      protocol: '',
      feeType: 2,
      drawRate: '0.01',
      usdPrice: '7.8',
      minAmount: '10',
      enabled: true,
      sort: 0,
    });
    expect(staffSaveDrawCurrencyCall.body!.safeParse(body).success).toBe(true);
  });
});
