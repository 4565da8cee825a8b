import { type RealNameRecord, realNameCenterCall, realNameSubmitCall, type User } from '@meridian/contracts';
import { REAL_NAME_STATUS } from '@meridian/contracts/statuses';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../src/app/router';
import { realNameCalls } from '../src/features/real-name/api/calls';
import { RealNameScreen } from '../src/features/real-name/components/real-name-screen';
import { checkRealName } from '../src/features/real-name/validation';
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

const NONE: RealNameRecord = {
  name: '',
  card_id: '',
  front_pic: '',
  reverse_pic: '',
  review_status: REAL_NAME_STATUS.NOT_SUBMITTED,
  reject_reason: '',
  submitted_at: '',
};
const SUBMITTED: RealNameRecord = {
  name: 'Chan Tai Man',
  card_id: 'A1234563',
  front_pic: '/api/common/file/11111111-1111-1111-1111-111111111111.jpg',
  reverse_pic: '/api/common/file/22222222-2222-2222-2222-222222222222.jpg',
  review_status: REAL_NAME_STATUS.WAITING,
  reject_reason: '',
  submitted_at: '2026-12-01 09:30:00',
};
const CENTER = '/api/user_real/center';
const SUBMIT = '/api/user_real/real_name';
const UPLOAD = '/api/common/image_upload';

async function renderScreen() {
  const router = createMemoryRouter([{ path: '/mine/auth', element: <RealNameScreen /> }], {
    initialEntries: ['/mine/auth'],
  });
  await renderRouter(router);
  return router;
}

const press = async (el: Element) => {
  await act(async () => {
    fireEvent.click(el);
  });
};
const typeInto = async (label: string, value: string) => {
  await act(async () => {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  });
};
/** Picks a file in one of the form's image slots (antd-mobile's ImageUploader uploads at once). */
const pick = async (testId: string, name: string) => {
  const input = screen.getByTestId(testId).querySelector('input[type="file"]')!;
  const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], name, { type: 'image/jpeg' });
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
};
const confirm = () => press(screen.getByRole('button', { name: 'Confirm' }));

describe('real-name verification /mine/auth', () => {
  beforeAll(async () => {
    await setupTestI18n();
  });
  beforeEach(() => {
    toast.mockClear();
    configureRequest({ getToken: () => 'tok-1', getLanguage: () => 'en', toast });
    useSession.getState().setSession('tok-1', user());
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    setHttpClient(null);
    queryClient.clear();
    useSession.getState().clear();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('call references match the contracts', () => {
    expect(realNameCalls.center).toEqual({
      method: realNameCenterCall.method,
      path: realNameCenterCall.path,
    });
    expect(realNameCalls.submit).toEqual({
      method: realNameSubmitCall.method,
      path: realNameSubmitCall.path,
    });
  });

  it('client check (spec §5): name, ID number and both images, else Please complete', () => {
    const full = { name: 'Chan', cardId: 'A1', frontPic: '/f.jpg', reversePic: '/b.jpg' };
    expect(checkRealName(full)).toBeUndefined();
    expect(checkRealName({ ...full, name: '  ' })).toBe('form.complete');
    expect(checkRealName({ ...full, cardId: '' })).toBe('form.complete');
    expect(checkRealName({ ...full, frontPic: '' })).toBe('form.complete');
    expect(checkRealName({ ...full, reversePic: '' })).toBe('form.complete');
  });

  it('status 0: the form; nothing is sent until name, number and both sides are there', async () => {
    serve({ [CENTER]: () => NONE, [UPLOAD]: () => ({ url: '/api/common/file/x.jpg' }) });
    await renderScreen();
    await screen.findByTestId('real-name-form');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Real-name verification');
    expect(screen.queryByTestId('real-name-status')).toBeNull();
    await confirm();
    expect(toast).toHaveBeenLastCalledWith('Please complete');
    await typeInto('Name', 'Chan Tai Man');
    await typeInto('ID number', 'A1234563');
    await confirm();
    expect(toast).toHaveBeenLastCalledWith('Please complete'); // the images are missing
    await pick('real-name-front', 'front.jpg');
    await confirm();
    expect(toast).toHaveBeenLastCalledWith('Please complete'); // the back is missing
    expect(sentTo(SUBMIT)).toHaveLength(0);
  });

  it('status 0: confirm sends both uploads and the details, toasts the answer and shows the waiting state', async () => {
    let uploads = 0;
    serve({
      [CENTER]: () => NONE,
      [UPLOAD]: () => ({ url: `/api/common/file/upload-${++uploads}.jpg` }),
      [SUBMIT]: (config) => ({ ...SUBMITTED, ...JSON.parse(String(config.data)), review_status: 1 }),
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(new Blob(['x'], { type: 'image/jpeg' }))),
    );
    await renderScreen();
    await screen.findByTestId('real-name-form');
    await typeInto('Name', '  Chan Tai Man ');
    await typeInto('ID number', 'A1234563');
    await pick('real-name-front', 'front.jpg');
    await pick('real-name-back', 'back.jpg');
    await vi.waitFor(() => expect(sentTo(UPLOAD)).toHaveLength(2));
    await confirm();
    await vi.waitFor(() => expect(sentTo(SUBMIT)).toHaveLength(1));
    expect(JSON.parse(String(sentTo(SUBMIT)[0]!.data))).toEqual({
      name: 'Chan Tai Man',
      card_id: 'A1234563',
      front_pic: '/api/common/file/upload-1.jpg',
      reverse_pic: '/api/common/file/upload-2.jpg',
    });
    expect(toast).toHaveBeenLastCalledWith('Done');
    const banner = await screen.findByTestId('real-name-status');
    expect(banner.dataset.status).toBe(String(REAL_NAME_STATUS.WAITING));
    expect(banner.textContent).toContain('Under review');
    expect(screen.queryByTestId('real-name-form')).toBeNull();
    expect(screen.getByTestId('real-name-name').textContent).toBe('Chan Tai Man');
  });

  it('status 1: read-only, with both private images fetched with the session header', async () => {
    serve({ [CENTER]: () => SUBMITTED });
    const fetchMock = vi.fn(async () => new Response(new Blob(['img'], { type: 'image/jpeg' })));
    vi.stubGlobal('fetch', fetchMock);
    await renderScreen();
    const banner = await screen.findByTestId('real-name-status');
    expect(banner.textContent).toContain('Under review');
    expect(screen.queryByTestId('real-name-form')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByTestId('real-name-name').textContent).toBe('Chan Tai Man');
    expect(screen.getByTestId('real-name-card').textContent).toBe('A1234563');
    const front = await screen.findByRole('img', { name: 'Front of your identity document' });
    const back = await screen.findByRole('img', { name: 'Back of your identity document' });
    expect(front.getAttribute('src')).toMatch(/^blob:/);
    expect(back.getAttribute('src')).toMatch(/^blob:/);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const calls = fetchMock.mock.calls as unknown as Array<[string, RequestInit]>;
    expect(calls.map(([url]) => url).sort()).toEqual([
      `http://localhost:3000${SUBMITTED.front_pic}`,
      `http://localhost:3000${SUBMITTED.reverse_pic}`,
    ]);
    for (const [, init] of calls) expect(init.headers).toEqual({ authorization: 'tok-1' });
  });

  it('an image the server refuses (an envelope, not an image) says it is unavailable', async () => {
    serve({ [CENTER]: () => ({ ...SUBMITTED, review_status: REAL_NAME_STATUS.FINISHED }) });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ code: 1104, msg: 'File not found', data: null })),
    );
    await renderScreen();
    await vi.waitFor(() => expect(screen.getAllByText('Image unavailable')).toHaveLength(2), {
      timeout: 4000,
    });
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('status 2: approved, read-only', async () => {
    serve({ [CENTER]: () => ({ ...SUBMITTED, review_status: REAL_NAME_STATUS.FINISHED }) });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(new Blob(['i'], { type: 'image/png' }))),
    );
    await renderScreen();
    const banner = await screen.findByTestId('real-name-status');
    expect(banner.textContent).toContain('Verified');
    expect(screen.queryByTestId('real-name-form')).toBeNull();
    expect(screen.getByTestId('real-name-record')).toBeTruthy();
  });

  it('status 3: the reason above the form, which comes back with the name and number filled in', async () => {
    serve({
      [CENTER]: () => ({
        ...SUBMITTED,
        review_status: REAL_NAME_STATUS.REJECTED,
        reject_reason: 'The photo of the back is blurred.',
      }),
    });
    await renderScreen();
    const banner = await screen.findByTestId('real-name-status');
    expect(banner.textContent).toContain('Not approved');
    expect(screen.getByTestId('real-name-reason').textContent).toBe('The photo of the back is blurred.');
    // The banner comes first, the form under it.
    const form = screen.getByTestId('real-name-form');
    expect(banner.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Chan Tai Man');
    expect((screen.getByLabelText('ID number') as HTMLInputElement).value).toBe('A1234563');
    // The images are taken again.
    await confirm();
    expect(toast).toHaveBeenLastCalledWith('Please complete');
  });

  it('a demo account is told it needs a real account, and nothing is asked of the server', async () => {
    useSession.getState().setSession('tok-demo', user({ is_demo: 1 }));
    serve({ [CENTER]: () => NONE });
    await renderScreen();
    const notice = screen.getByTestId('real-account-required');
    expect(notice.textContent).toContain('Please register or log in to a real account');
    expect(screen.queryByTestId('real-name-form')).toBeNull();
    expect(sentTo(CENTER)).toHaveLength(0);
  });

  it('loading shows a placeholder; a failure says so and Retry loads the form', async () => {
    let release!: () => void;
    let fail = true;
    serve({
      [CENTER]: () =>
        new Promise((resolve) => {
          release = () => resolve(fail ? { refuse: 'Service unavailable' } : NONE);
        }),
    });
    await renderScreen();
    expect(screen.getByTestId('real-name-loading')).toBeTruthy();
    await act(async () => release());
    await screen.findByTestId('real-name-error', {}, { timeout: 4000 });
    expect(screen.getByText('Failed to load')).toBeTruthy();
    fail = false;
    await press(screen.getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() => expect(sentTo(CENTER).length).toBeGreaterThanOrEqual(2));
    await act(async () => release());
    await screen.findByTestId('real-name-form');
  });

  it('the route needs a session: a logged-out visit goes to /login?from=/mine/auth', async () => {
    useSession.getState().clear();
    vi.spyOn(socket, 'ensureConnected').mockImplementation(() => {});
    const router = createMemoryRouter(routes, { initialEntries: ['/mine/auth'] });
    await renderRouter(router);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 });
    expect(router.state.location.search).toBe(`?from=${encodeURIComponent('/mine/auth')}`);
  });
});
