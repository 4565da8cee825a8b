import {
  REAL_NAME_STATUS,
  STAFF_API_PREFIX,
  type StaffCallData,
  type StaffRole,
  type staffRealNameCall,
} from '@meridian/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealNamesScreen } from '../src/features/real-names/components/real-names-screen';
import { meKeys } from '../src/lib/me';
import { configureStaffClient } from '../src/lib/staff-client';
import { envelope, renderRoutes, setupTestI18n, staffMember } from './helpers';

type Detail = StaffCallData<typeof staffRealNameCall>;

const FRONT = `${STAFF_API_PREFIX}/files/kyc-front.png`;
const BACK = `${STAFF_API_PREFIX}/files/kyc-back.png`;

const row = {
  id: 11,
  userId: 42,
  uid: '12345678',
  account: 'kim@example.com',
  name: 'Kim Lee',
  cardId: 'A1234567',
  status: REAL_NAME_STATUS.WAITING,
  rejectReason: '',
  staffNote: '',
  reviewedBy: '',
  reviewedAt: null,
  createdAt: '2025-03-01T10:00:00Z',
  sameCardAccounts: 1,
};

const detail: Detail = {
  submission: { ...row, frontUrl: FRONT, reverseUrl: BACK },
  user: {
    id: 42,
    uid: '12345678',
    account: 'kim@example.com',
    createdAt: '2025-01-01T00:00:00Z',
    creditScore: 80,
    loginFrozen: false,
    tradingFrozen: true,
  },
  history: [
    {
      ...row,
      id: 3,
      status: REAL_NAME_STATUS.REJECTED,
      rejectReason: 'Blurred photo',
      sameCardAccounts: 0,
    },
  ],
  sameCard: [
    {
      submissionId: 20,
      userId: 77,
      uid: '87654321',
      account: 'other@example.com',
      name: 'K. Lee',
      status: REAL_NAME_STATUS.FINISHED,
      createdAt: '2025-02-01T00:00:00Z',
    },
  ],
};

/** Staff API double: the list, the detail, both images; POSTs answer `onPost` (after `gate`). */
function stubApi(
  onPost: (path: string) => Response = () => envelope({ ...row, status: 3 }),
  gate?: Promise<void>,
) {
  const fn = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === FRONT || url === BACK) {
      return new Response(new Blob(['img'], { type: 'image/png' }), {
        status: 200,
        headers: { 'content-type': 'image/png' },
      });
    }
    const path = url.slice(STAFF_API_PREFIX.length).split('?')[0]!;
    if (init?.method === 'GET' && path === '/real-names') return envelope({ rows: [row], total: 1 });
    if (init?.method === 'GET' && path === '/real-names/11') return envelope(detail);
    if (init?.method === 'POST') {
      await gate;
      return onPost(path);
    }
    return envelope(null, 'not stubbed', 9999);
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}
const posts = (fetch: ReturnType<typeof stubApi>, path: string) =>
  fetch.mock.calls.filter(([url, init]) => url === `${STAFF_API_PREFIX}${path}` && init?.method === 'POST');
const gets = (fetch: ReturnType<typeof stubApi>, path: string) =>
  fetch.mock.calls.filter(
    ([url, init]) => url.split('?')[0] === `${STAFF_API_PREFIX}${path}` && init?.method === 'GET',
  );

async function renderAs(role: StaffRole, path = '/real-names') {
  return renderRoutes(
    [
      { path: '/real-names', element: <RealNamesScreen /> },
      { path: '/users/:id', element: <p>user page</p> },
    ],
    path,
    (queryClient) =>
      queryClient.setQueryData(meKeys.all, { staff: staffMember({ role }), mustEnrolTotp: false }),
  );
}

const dialogs = () => screen.getAllByRole('dialog');
const topDialog = () => within(dialogs().at(-1)!);

async function openReview() {
  await waitFor(() => expect(screen.getByText('Kim Lee')).toBeTruthy());
  fireEvent.click(screen.getByRole('button', { name: 'Review' }));
  await waitFor(() => expect(screen.getByText('Real-name submission 11')).toBeTruthy());
  await waitFor(() => expect(screen.getByAltText('Front of the ID submitted by 12345678')).toBeTruthy());
}

describe('real-name review', () => {
  beforeAll(async () => {
    await setupTestI18n();
  });
  beforeEach(() => {
    configureStaffClient({ getToken: () => 'tok-9', getLanguage: () => 'en' });
    let n = 0;
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:id-${++n}`);
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists waiting submissions first (status 1) with the same-ID count flagged', async () => {
    const fetch = stubApi();
    await renderAs('compliance');
    await waitFor(() => expect(screen.getByText('Kim Lee')).toBeTruthy());
    expect(gets(fetch, '/real-names')[0]![0]).toBe(
      `${STAFF_API_PREFIX}/real-names?status=1&page=1&pageSize=20`,
    );
    expect(screen.getByText('1 other account')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Waiting', selected: true })).toBeTruthy();
  });

  it('the drawer shows both ID images (fetched with the staff token), the trader, history and same-ID accounts', async () => {
    const fetch = stubApi();
    await renderAs('compliance');
    await openReview();
    const front = screen.getByAltText('Front of the ID submitted by 12345678');
    const back = screen.getByAltText('Back of the ID submitted by 12345678');
    expect(front.getAttribute('src')).toMatch(/^blob:id-/);
    expect(back.getAttribute('src')).toMatch(/^blob:id-/);
    expect(front.getAttribute('src')).not.toBe(back.getAttribute('src'));
    for (const url of [FRONT, BACK]) {
      const call = fetch.mock.calls.find(([u]) => u === url)!;
      expect((call[1]!.headers as Record<string, string>).Authorization).toBe('Bearer tok-9');
    }
    // Other accounts on the same ID number: a warning naming them, linking to them and their submission.
    const warning = within(screen.getByTestId('same-card-warning'));
    expect(warning.getByText('This ID number was also submitted by 1 other account')).toBeTruthy();
    expect(warning.getByRole('link', { name: '87654321' }).getAttribute('href')).toBe('/users/77');
    expect(warning.getByRole('link', { name: 'Submission 20' }).getAttribute('href')).toBe(
      '/real-names?open=20',
    );
    expect(screen.getByTestId('same-card-warning').className).toContain('warning');
    // The trader and their earlier (rejected) submission.
    expect(screen.getByRole('link', { name: 'Open user page' }).getAttribute('href')).toBe('/users/42');
    expect(screen.getByText('Trading frozen')).toBeTruthy();
    expect(screen.getByText('Blurred photo')).toBeTruthy();
  });

  it('Reject requires the reason the trader reads, then sends reason and staff note once and reads the list again', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const fetch = stubApi(() => envelope({ ...row, status: REAL_NAME_STATUS.REJECTED }), gate);
    await renderAs('compliance');
    await openReview();
    const listsBefore = gets(fetch, '/real-names').length;
    fireEvent.click(within(dialogs()[0]!).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(dialogs().length).toBe(2));
    // Who reads what is said on the fields.
    expect(topDialog().getByLabelText('Reason shown to the trader')).toBeTruthy();
    expect(topDialog().getByLabelText('Staff note (staff only)')).toBeTruthy();
    fireEvent.click(topDialog().getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(topDialog().getByText('Enter the reason the trader will read')).toBeTruthy());
    fireEvent.change(topDialog().getByLabelText('Reason shown to the trader'), { target: { value: 'ab' } });
    fireEvent.click(topDialog().getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(topDialog().getByText('The reason needs at least 3 characters')).toBeTruthy());
    expect(posts(fetch, '/real-names/11/reject')).toHaveLength(0);

    fireEvent.change(topDialog().getByLabelText('Reason shown to the trader'), {
      target: { value: ' The back of the ID is blurred ' },
    });
    fireEvent.change(topDialog().getByLabelText('Staff note (staff only)'), {
      target: { value: 'Second try' },
    });
    // Two clicks while the first is on its way: one request.
    fireEvent.click(topDialog().getByRole('button', { name: 'Reject' }));
    fireEvent.click(topDialog().getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(posts(fetch, '/real-names/11/reject')).toHaveLength(1));
    await act(async () => {
      release();
    });
    expect(posts(fetch, '/real-names/11/reject')).toHaveLength(1);
    expect(JSON.parse(String(posts(fetch, '/real-names/11/reject')[0]![1]!.body))).toEqual({
      reason: 'The back of the ID is blurred',
      note: 'Second try',
    });
    await waitFor(() =>
      expect(screen.getByText('Submission 11 rejected: 12345678 was told the reason')).toBeTruthy(),
    );
    await waitFor(() => expect(screen.queryByText('Real-name submission 11')).toBeNull());
    await waitFor(() => expect(gets(fetch, '/real-names').length).toBeGreaterThan(listsBefore));
  });

  it('Approve sends the optional note; a refusal shows the server’s message and keeps the dialog', async () => {
    const fetch = stubApi(() => envelope(null, 'Only a waiting submission can be reviewed', 7006));
    await renderAs('compliance', '/real-names?open=11');
    await waitFor(() => expect(screen.getByText('Real-name submission 11')).toBeTruthy());
    fireEvent.click(within(dialogs()[0]!).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(dialogs().length).toBe(2));
    fireEvent.click(topDialog().getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(posts(fetch, '/real-names/11/approve')).toHaveLength(1));
    expect(JSON.parse(String(posts(fetch, '/real-names/11/approve')[0]![1]!.body))).toEqual({ note: '' });
    await waitFor(() => expect(screen.getByText('Only a waiting submission can be reviewed')).toBeTruthy());
    expect(dialogs().length).toBe(2);
  });
});
