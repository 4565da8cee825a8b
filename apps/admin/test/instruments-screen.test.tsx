import {
  STAFF_API_PREFIX,
  type StaffInstrument,
  type StaffRole,
  staffCreateInstrumentCall,
} from '@meridian/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { toCreateBody } from '../src/features/instruments/components/create-instrument-drawer';
import { InstrumentsScreen } from '../src/features/instruments/components/instruments-screen';
import { meKeys } from '../src/lib/me';
import { configureStaffClient } from '../src/lib/staff-client';
import { envelope, renderRoutes, setupTestI18n, staffMember } from './helpers';

const member = (role: StaffRole) => staffMember({ role });

const eurusd: StaffInstrument = {
  id: 1,
  code: 'EURUSD',
  showCode: 'EUR/USD',
  categoryId: 1,
  logo: '/static/logo/EURUSD.svg',
  baseCurrency: 'EUR',
  quoteCurrency: 'USD',
  pricePrecision: 5,
  spreadPoints: 12,
  lotStep: '0.01',
  minLots: '0.01',
  contractSize: '100000',
  feeRate: '0.003',
  marginMode: 2,
  leverageOptions: [10, 50, 100],
  session: 'forex',
  maxLotsPerOrder: '50',
  maxOpenLots: '200',
  sort: 1,
  enabled: true,
};

const categories = [
  { id: 1, key: 'forex', sort: 1, enabled: true },
  { id: 2, key: 'crypto', sort: 2, enabled: true },
];

/**
 * A fetch double for the staff API: lists answer the current rows; POSTs answer what `onPost`
 * returns for the path (after the prefix).
 */
function stubApi(onPost: (path: string, init: RequestInit) => Response) {
  let rows = [eurusd];
  const fn = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.slice(STAFF_API_PREFIX.length);
    if (init?.method === 'GET' && path === '/instruments') return envelope(rows);
    if (init?.method === 'GET' && path === '/categories') return envelope(categories);
    const answer = onPost(path, init!);
    const body = (await answer.clone().json()) as { code: number; data: StaffInstrument };
    if (body.code === 1 && path.startsWith('/instruments'))
      rows = [...rows.filter((r) => r.id !== body.data.id), body.data];
    return answer;
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

const listCalls = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.filter(
    ([url, init]) => url === `${STAFF_API_PREFIX}/instruments` && init?.method === 'GET',
  ).length;

async function renderAs(role: StaffRole) {
  const result = await renderRoutes([{ path: '/', element: <InstrumentsScreen /> }], '/', (queryClient) =>
    queryClient.setQueryData(meKeys.all, { staff: member(role), mustEnrolTotp: false }),
  );
  await waitFor(() => expect(screen.getByText('EUR/USD')).toBeTruthy());
  return result;
}

/** The open drawer (antd renders it as a dialog). */
const drawer = () => within(screen.getByRole('dialog'));
const type = (label: string, value: string) =>
  fireEvent.change(drawer().getByLabelText(label), { target: { value } });

/** Opens an antd Select by its label and picks the option with that text. */
async function pick(label: string, option: string) {
  fireEvent.mouseDown(drawer().getByLabelText(label));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find(
      (el) => el.textContent === option,
    );
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

async function fillNewInstrument() {
  fireEvent.click(screen.getByRole('button', { name: /New instrument/ }));
  await waitFor(() => expect(drawer().getByLabelText('Code')).toBeTruthy());
  type('Code', 'btcusd');
  type('Display name', 'BTC/USD');
  type('Base currency', 'btc');
  type('Reference price', '65000.5');
  type('Contract size', '1');
  await pick('Category', 'Crypto');
  await pick('Trading session', 'Crypto (around the clock)');
}

describe('InstrumentsScreen', () => {
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
  });

  it('the New button is there only for roles that may create (dealer, owner)', async () => {
    stubApi(() => envelope(null));
    await renderAs('content');
    expect(screen.queryByRole('button', { name: /New instrument/ })).toBeNull();
    // content may still upload logos, not change terms
    expect(screen.getByRole('button', { name: 'Logo' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    cleanup();

    await renderAs('dealer');
    expect(screen.getByRole('button', { name: /New instrument/ })).toBeTruthy();
    cleanup();

    await renderAs('owner');
    expect(screen.getByRole('button', { name: /New instrument/ })).toBeTruthy();
  });

  it('the table shows each logo as a small image', async () => {
    stubApi(() => envelope(null));
    await renderAs('dealer');
    const img = screen.getByAltText('EURUSD') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/static/logo/EURUSD.svg');
  });

  it('the create form sends the contract’s body, then reads the list again', async () => {
    const created: StaffInstrument = {
      ...eurusd,
      id: 2,
      code: 'BTCUSD',
      showCode: 'BTC/USD',
      categoryId: 2,
      session: 'crypto',
    };
    const fetch = stubApi(() => envelope(created, 'Instrument created'));
    await renderAs('dealer');
    const listsBefore = listCalls(fetch);
    await fillNewInstrument();
    fireEvent.click(drawer().getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(screen.getByText('Instrument created')).toBeTruthy());
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe(`${STAFF_API_PREFIX}/instruments`);
    const headers = post[1]!.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-7');
    expect(headers.lang).toBe('en');
    const sent = JSON.parse(String(post[1]!.body));
    expect(sent).toEqual({
      code: 'BTCUSD',
      showCode: 'BTC/USD',
      categoryId: 2,
      baseCurrency: 'BTC',
      quoteCurrency: 'USD',
      pricePrecision: 5,
      spreadPoints: 12,
      lotStep: '0.01',
      minLots: '0.01',
      contractSize: '1',
      feeRate: '0.003',
      marginMode: 2,
      leverageOptions: [10, 20, 50, 100, 200, 500],
      session: 'crypto',
      referencePrice: '65000.5',
      annualVolatility: '0.10',
      tickIntervalMs: 1000,
      maxLotsPerOrder: '50',
      maxOpenLots: '200',
      sort: 1000,
      enabled: true,
    });
    // exactly what the contract accepts, with nothing left to its defaults or trimming
    expect(staffCreateInstrumentCall.body!.parse(sent)).toEqual(sent);
    await waitFor(() => expect(listCalls(fetch)).toBeGreaterThan(listsBefore));
    await waitFor(() => expect(screen.getByText('BTC/USD')).toBeTruthy());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('the create form checks the contract’s rules before sending', async () => {
    const fetch = stubApi(() => envelope(null));
    await renderAs('dealer');
    fireEvent.click(screen.getByRole('button', { name: /New instrument/ }));
    await waitFor(() => expect(drawer().getByLabelText('Code')).toBeTruthy());
    type('Code', 'B$');
    type('Base currency', 'BT');
    type('Reference price', '0');
    type('Annual volatility', '12.5');
    fireEvent.click(drawer().getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(drawer().getByText('3 to 16 capital letters or digits')).toBeTruthy());
    expect(drawer().getByText('3 capital letters, such as USD')).toBeTruthy();
    expect(drawer().getByText('A number below 10 with at most 6 decimals')).toBeTruthy();
    expect(drawer().getAllByText('A number above 0 with at most 8 decimals').length).toBeGreaterThan(0);
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('the create form refuses lot limits that contradict each other, naming why, before sending', async () => {
    const fetch = stubApi(() => envelope(null));
    await renderAs('dealer');
    await fillNewInstrument();
    type('Lot step', '0.1');
    type('Minimum lots', '0.25');
    type('Max lots per order', '0.2');
    type('Max open lots', '0.1');
    fireEvent.click(drawer().getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(drawer().getByText('A whole number of lot steps (0.1)')).toBeTruthy());
    expect(drawer().getAllByText('At least the minimum lots (0.25)')).toHaveLength(2);
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    // Put right, the messages go as the fields they depend on change.
    type('Minimum lots', '0.2');
    await waitFor(() => expect(drawer().queryByText(/A whole number of lot steps/)).toBeNull());
    expect(drawer().getAllByText('At least the minimum lots (0.2)')).toHaveLength(1);
    type('Max open lots', '5');
    await waitFor(() => expect(drawer().queryByText(/At least the minimum lots/)).toBeNull());
  });

  it('a refusal (5116: the code exists) shows the server’s message and keeps the form open', async () => {
    stubApi(() => envelope(null, 'An instrument with this code already exists', 5116));
    await renderAs('dealer');
    await fillNewInstrument();
    fireEvent.click(drawer().getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getByText('An instrument with this code already exists')).toBeTruthy());
    expect(drawer().getByLabelText('Code')).toBeTruthy();
  });

  it('a precision change keeps the spread’s price, shown under the spread, and sends both', async () => {
    const fetch = stubApi(() => envelope({ ...eurusd, pricePrecision: 6, spreadPoints: 120 }, 'Saved'));
    await renderAs('dealer');
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(drawer().getByLabelText('Price precision')).toBeTruthy());
    const spreadPrice = () => drawer().getByTestId('spread-price').textContent;
    expect(spreadPrice()).toBe('= 0.00012 in price · Applies from the next quote');
    // 5 → 6 decimals: 12 points of 0.00001 are 120 points of 0.000001, not 12 (a tenth of the spread).
    const precision = drawer().getByLabelText('Price precision');
    fireEvent.focus(precision);
    fireEvent.change(precision, { target: { value: '6' } });
    await waitFor(() =>
      expect((drawer().getByLabelText('Spread (points)') as HTMLInputElement).value).toBe('120'),
    );
    await waitFor(() => expect(spreadPrice()).toBe('= 0.000120 in price · Applies from the next quote'));
    // A spread typed afterwards is the staff's own choice and stays.
    type('Spread (points)', '150');
    await waitFor(() => expect(spreadPrice()).toBe('= 0.000150 in price · Applies from the next quote'));
    type('Spread (points)', '120');
    fireEvent.click(drawer().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    const sent = JSON.parse(String(post[1]!.body));
    expect(sent).toMatchObject({ pricePrecision: 6, spreadPoints: 120 });
  });

  it('refuses a whole-number field typed otherwise, keeping the text as typed, and sends nothing', async () => {
    const fetch = stubApi(() => envelope({ ...eurusd, spreadPoints: 3 }, 'Saved'));
    await renderAs('dealer');
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(drawer().getByLabelText('Spread (points)')).toBeTruthy());
    const posts = () => fetch.mock.calls.filter(([, init]) => init?.method === 'POST');
    const spread = drawer().getByLabelText('Spread (points)') as HTMLInputElement;
    // InputNumber made '-5' 1 and '1.5' 2 on blur, and Save sent that.
    for (const typed of ['-5', '1.5', '0', '12abc']) {
      type('Spread (points)', typed);
      fireEvent.blur(spread);
      fireEvent.click(drawer().getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(drawer().getByText('A whole number from 1 to 100000')).toBeTruthy());
      expect(spread.value, typed).toBe(typed);
    }
    type('Spread (points)', '3');
    const precision = drawer().getByLabelText('Price precision') as HTMLInputElement;
    fireEvent.focus(precision);
    type('Price precision', '2.5');
    fireEvent.blur(precision);
    fireEvent.click(drawer().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(drawer().getByText('A whole number from 0 to 8')).toBeTruthy());
    expect(precision.value).toBe('2.5');
    expect(posts()).toHaveLength(0);
    // Put right, what is sent is what was typed.
    type('Price precision', '5');
    type('Spread (points)', '3');
    fireEvent.click(drawer().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(String(posts()[0]![1]!.body))).toMatchObject({ spreadPoints: 3 });
  });

  it('the create form refuses a tick interval or an order that is not a whole number in range', async () => {
    const fetch = stubApi(() => envelope(null));
    await renderAs('dealer');
    await fillNewInstrument();
    type('Tick interval (ms)', '250.5');
    type('Order', '-1');
    fireEvent.click(drawer().getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(drawer().getByText('A whole number from 100 to 60000')).toBeTruthy());
    expect(drawer().getByText('A whole number from 0 to 100000')).toBeTruthy();
    expect((drawer().getByLabelText('Tick interval (ms)') as HTMLInputElement).value).toBe('250.5');
    expect((drawer().getByLabelText('Order') as HTMLInputElement).value).toBe('-1');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it("a category's order is saved as typed; '1.5' or '-5' is refused with the rule, never rounded", async () => {
    const fetch = stubApi(() => envelope({ ...categories[0], sort: 7 }, 'Saved'));
    await renderAs('dealer');
    const boxes = () => [...document.querySelectorAll<HTMLInputElement>('input[aria-label="Order"]')];
    expect(boxes()).toHaveLength(2);
    for (const bad of ['1.5', '-5', '2e3', 'abc']) {
      fireEvent.change(boxes()[0]!, { target: { value: bad } });
      fireEvent.blur(boxes()[0]!);
      expect(boxes()[0]!.value).toBe(bad);
      expect(boxes()[0]!.getAttribute('aria-invalid')).toBe('true');
    }
    await waitFor(() =>
      expect(screen.getAllByText('A whole number from 0 to 100000').length).toBeGreaterThan(0),
    );
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
    fireEvent.change(boxes()[0]!, { target: { value: '7' } });
    fireEvent.keyDown(boxes()[0]!, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1),
    );
    const [url, init] = fetch.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(url).toBe(`${STAFF_API_PREFIX}/categories/1`);
    expect(JSON.parse(String(init!.body))).toEqual({ sort: 7 });
  });

  it('hiding a category asks first, saying how many instruments leave every list; showing it does not', async () => {
    const fetch = stubApi(() => envelope({ ...categories[0], enabled: false }, 'Saved'));
    await renderAs('dealer');
    const posts = () => fetch.mock.calls.filter(([, init]) => init?.method === 'POST');
    const forexSwitch = () => screen.getAllByRole('switch', { name: 'Enabled' })[0]!;
    fireEvent.click(forexSwitch());
    await waitFor(() => expect(screen.getAllByText('Hide the Forex category?').length).toBeGreaterThan(0));
    expect(screen.getAllByText(/Its 1 instrument leaves every trader's list at once/).length).toBeGreaterThan(
      0,
    );
    fireEvent.click(screen.getAllByRole('button', { name: 'Cancel' }).at(-1)!);
    await new Promise((r) => setTimeout(r, 50));
    expect(posts()).toHaveLength(0);
    expect(forexSwitch().getAttribute('aria-checked')).toBe('true');
    fireEvent.click(forexSwitch());
    await waitFor(() => expect(screen.getAllByText('Hide the Forex category?').length).toBeGreaterThan(0));
    fireEvent.click(screen.getAllByRole('button', { name: 'Hide' }).at(-1)!);
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]![0]).toBe(`${STAFF_API_PREFIX}/categories/1`);
    expect(JSON.parse(String(posts()[0]![1]!.body))).toEqual({ enabled: false });
  });

  it('uploads a logo as multipart and shows the new one in the drawer and the table', async () => {
    const fetch = stubApi(() => envelope({ ...eurusd, logo: '/static/upload/logo/new.png' }, 'Logo saved'));
    await renderAs('content');
    fireEvent.click(screen.getByRole('button', { name: 'Logo' }));
    await waitFor(() => expect(drawer().getByText('Upload logo')).toBeTruthy());
    const input = screen.getByRole('dialog').querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.getAttribute('accept')).toBe('image/png,image/jpeg,image/webp');
    const file = new File(['png-bytes'], 'eur.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });

    await waitFor(() => expect(screen.getByText('Logo saved')).toBeTruthy());
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe(`${STAFF_API_PREFIX}/instruments/1/logo`);
    const body = post[1]!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('file') as File).name).toBe('eur.png');
    const headers = post[1]!.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-7');
    expect(headers.lang).toBe('en');
    expect(headers['Content-Type']).toBeUndefined();
    await waitFor(() =>
      expect(screen.getAllByAltText('EURUSD').map((img) => img.getAttribute('src'))).toEqual([
        '/static/upload/logo/new.png',
        '/static/upload/logo/new.png',
      ]),
    );
  });

  it('a file that is not a PNG, JPEG or WebP is not sent', async () => {
    const fetch = stubApi(() => envelope(null));
    await renderAs('dealer');
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(drawer().getByText('Upload logo')).toBeTruthy());
    const input = screen.getByRole('dialog').querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['gif'], 'a.gif', { type: 'image/gif' })] } });
    await waitFor(() =>
      expect(screen.getByText('Choose a PNG, JPEG or WebP image of at most 5 MB')).toBeTruthy(),
    );
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});

describe('toCreateBody', () => {
  it('trims text and writes codes in capitals', () => {
    const body = toCreateBody({
      code: ' xauusd ',
      showCode: ' Gold ',
      categoryId: 3,
      baseCurrency: 'xau',
      quoteCurrency: 'usd ',
      pricePrecision: 2,
      spreadPoints: 30,
      lotStep: '0.01 ',
      minLots: '0.01',
      contractSize: '100',
      feeRate: '0.003',
      marginMode: 2,
      leverageOptions: [100, 20, 20],
      session: 'metals',
      referencePrice: ' 2400.5',
      annualVolatility: '0.15',
      tickIntervalMs: 500,
      maxLotsPerOrder: '20',
      maxOpenLots: '100',
      sort: 5,
      enabled: false,
    });
    expect(body).toMatchObject({
      code: 'XAUUSD',
      showCode: 'Gold',
      baseCurrency: 'XAU',
      quoteCurrency: 'USD',
      lotStep: '0.01',
      referencePrice: '2400.5',
      leverageOptions: [20, 100],
    });
    expect(staffCreateInstrumentCall.body!.safeParse(body).success).toBe(true);
  });
});
