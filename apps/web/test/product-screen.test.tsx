import { type Company, getCompanyCall, getCompanyStatusCall, type Instrument } from '@meridian/contracts';
import { COMPANY_STATUS } from '@meridian/contracts/statuses';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../src/app/router';
import { companyCalls } from '../src/features/product/api/calls';
import {
  COMPANY_COOKIE,
  checkCompanyStatus,
  enterCompany,
  isWebUrl,
  readCompanyCookie,
} from '../src/features/product/company-entry';
import { searchInstruments } from '../src/features/product/components/instrument-results';
import { ProductScreen } from '../src/features/product/components/product-screen';
import { queryClient } from '../src/lib/query-client';
import { socket } from '../src/lib/realtime';
import { configureRequest, setBeforeRequest, setHttpClient } from '../src/lib/request';
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
const SEARCH = '/api/company/getCompany';
const STATUS = '/api/company/getCompanyStatus';
const TRADE_LIST = '/v1/api/forex/trade_list';

const company = (id: number, over: Partial<Company> = {}): Company => ({
  id,
  name: `Company ${id}`,
  logo: '',
  url: `https://company${id}.example.com/`,
  subject: `Holding ${id} Ltd`,
  registered_address: `${id} Harbour Road, Wan Chai`,
  location: `${id}F Central Tower, Central`,
  email: `desk${id}@company${id}.example.com`,
  ...over,
});
const GOLDEN = company(5, { name: 'Golden Harbour Securities', logo: '/static/upload/company/a.png' });

const instrument = (Id: number, Code: string, ShowCode = Code): Instrument => ({
  Id,
  Code,
  ShowCode,
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
  BaseCurrency: Code.slice(0, 3),
  QuoteCurrency: Code.slice(3),
  ForexQuotations: {
    Open: 1.08,
    Close: 1.08512,
    Change: 0.42,
    Bid: 1.085,
    Ask: 1.0852,
    High: 1.09,
    Low: 1.07,
    Time: 0,
  },
});
const INSTRUMENTS = [
  instrument(1, 'EURUSD', 'EUR/USD'),
  instrument(2, 'XAUUSD', 'Gold'),
  instrument(3, 'GBPJPY', 'GBP/JPY'),
];

async function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/product', element: <ProductScreen /> },
      { path: '/trade', element: <p>trade screen</p> },
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
const search = async (value: string) => {
  await act(async () => {
    fireEvent.change(screen.getByTestId('product-search'), { target: { value } });
  });
};
const rowTexts = (testId: string) => screen.queryAllByTestId(testId).map((e) => e.textContent);

describe('/product: companies and instruments', () => {
  beforeAll(async () => {
    await setupTestI18n();
  });
  beforeEach(() => {
    toast.mockClear();
    configureRequest({ getToken: () => null, getLanguage: () => 'en', toast });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(socket, 'subscribe').mockImplementation(() => () => {});
  });
  afterEach(() => {
    cleanup();
    setHttpClient(null);
    setBeforeRequest(null);
    queryClient.clear();
    Cookies.remove(COMPANY_COOKIE, { path: '/' });
    vi.restoreAllMocks();
  });

  it('call references match the contracts', () => {
    expect(companyCalls.search).toEqual({ method: getCompanyCall.method, path: getCompanyCall.path });
    expect(companyCalls.status).toEqual({
      method: getCompanyStatusCall.method,
      path: getCompanyStatusCall.path,
    });
  });

  it('only http and https addresses are left for', () => {
    expect(isWebUrl('https://a.example/x')).toBe(true);
    expect(isWebUrl('http://a.example')).toBe(true);
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,x',
      '//a.example',
      '/local',
      '',
      'ftp://a.example',
    ])
      expect(isWebUrl(url), url).toBe(false);
  });

  it('company mode by default: every company at first, then the name typed, asked once typing pauses', async () => {
    serve({
      [SEARCH]: (config) =>
        config.params.name
          ? [GOLDEN].filter((c) => c.name.includes(config.params.name))
          : [GOLDEN, company(6)],
    });
    await renderAt('/product');
    expect(screen.getByTestId('product-mode-company').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('product-skeleton')).toBeTruthy();
    await vi.waitFor(() => expect(rowTexts('company-row')).toHaveLength(2));
    expect(rowTexts('company-row')[0]).toContain('Golden Harbour Securities');
    expect(rowTexts('company-row')[0]).toContain('Holding 5 Ltd');
    await search('G');
    await search('Go');
    await search('Gold ');
    await vi.waitFor(() => expect(rowTexts('company-row')).toHaveLength(1));
    expect(sentTo(SEARCH).map((c) => c.params.name)).toEqual(['', 'Gold']);
  });

  it('company mode: nothing found says so; a failure offers Retry', async () => {
    let fail = true;
    serve({
      [SEARCH]: (config) => (fail ? { refuse: 'Service unavailable' } : config.params.name ? [] : [GOLDEN]),
    });
    await renderAt('/product');
    await screen.findByTestId('product-failed');
    fail = false;
    await press(screen.getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() => expect(rowTexts('company-row')).toHaveLength(1));
    await search('Nothing like it');
    expect((await screen.findByTestId('company-empty')).textContent).toBe('No company matches your search');
  });

  it('a company opens in a popup; enter keeps company_id for 3 years and leaves for its site', async () => {
    serve({ [SEARCH]: () => [GOLDEN] });
    const setCookie = vi.spyOn(Cookies, 'set');
    // The page is not left in the test: the location's assign is stubbed.
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    await renderAt('/product');
    await vi.waitFor(() => expect(rowTexts('company-row')).toHaveLength(1));
    await press(screen.getByTestId('company-row'));
    const popup = await screen.findByRole('dialog', { name: 'Golden Harbour Securities' });
    expect(popup.querySelector('img')!.getAttribute('alt')).toBe('Golden Harbour Securities logo');
    expect(screen.getByTestId('company-url').textContent).toBe('https://company5.example.com/');
    expect(screen.getByTestId('company-subject').textContent).toBe('Holding 5 Ltd');
    expect(screen.getByTestId('company-registered').textContent).toBe('5 Harbour Road, Wan Chai');
    expect(screen.getByTestId('company-location').textContent).toBe('5F Central Tower, Central');
    expect(screen.getByTestId('company-email').querySelector('a')!.getAttribute('href')).toBe(
      'mailto:desk5@company5.example.com',
    );
    const before = Date.now();
    await press(screen.getByTestId('company-enter'));
    expect(assign).toHaveBeenCalledWith('https://company5.example.com/');
    expect(readCompanyCookie()).toBe(5);
    const [name, value, attributes] = setCookie.mock.calls[0]!;
    expect([name, value]).toEqual([COMPANY_COOKIE, '5']);
    expect(attributes).toMatchObject({ path: '/', sameSite: 'Lax' });
    const years = ((attributes!.expires as Date).getTime() - before) / (365.25 * 86_400_000);
    expect(years).toBeGreaterThan(2.99);
    expect(years).toBeLessThan(3.01);
  });

  it('a company whose address is not http(s) cannot be entered', async () => {
    serve({ [SEARCH]: () => [company(7, { url: 'javascript:alert(1)' })] });
    const leave = vi.fn();
    expect(enterCompany({ id: 7, url: 'javascript:alert(1)' }, leave)).toBe(false);
    expect(leave).not.toHaveBeenCalled();
    expect(readCompanyCookie()).toBeNull();
    await renderAt('/product');
    await vi.waitFor(() => expect(rowTexts('company-row')).toHaveLength(1));
    await press(screen.getByTestId('company-row'));
    await screen.findByRole('dialog', { name: 'Company 7' });
    expect((screen.getByTestId('company-enter') as HTMLButtonElement).disabled).toBe(true);
  });

  it('instrument mode: the loaded list filtered by code or name; a tap opens /trade on it', async () => {
    serve({ [TRADE_LIST]: () => INSTRUMENTS, [SEARCH]: () => [] });
    const router = await renderAt('/product?mode=instrument');
    expect(screen.getByTestId('product-mode-instrument').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(
      screen.getByTestId('product-mode-instrument').id,
    );
    await vi.waitFor(() => expect(rowTexts('instrument-row')).toHaveLength(3));
    await search('eur');
    await vi.waitFor(() => expect(rowTexts('instrument-row')).toHaveLength(1));
    expect(rowTexts('instrument-row')[0]).toContain('EUR/USD');
    await search('gold');
    await vi.waitFor(() => expect(rowTexts('instrument-row')).toHaveLength(1));
    await press(screen.getByTestId('instrument-row'));
    expect(router.state.location.pathname).toBe('/trade');
    expect(router.state.location.search).toBe('?id=2');
    expect(sentTo(SEARCH)).toHaveLength(0); // the directory is not asked in instrument mode
  });

  it('instrument mode: nothing found says so; the tabs switch modes', async () => {
    serve({ [TRADE_LIST]: () => INSTRUMENTS, [SEARCH]: () => [GOLDEN] });
    const router = await renderAt('/product');
    await press(screen.getByTestId('product-mode-instrument'));
    expect(router.state.location.search).toBe('?mode=instrument');
    await search('ZZZ');
    expect((await screen.findByTestId('instrument-empty')).textContent).toBe(
      'No instrument matches your search',
    );
    await press(screen.getByTestId('product-mode-company'));
    expect(router.state.location.search).toBe('');
  });

  it('instrument search matches code, display code and currencies', () => {
    const codes = (text: string) => searchInstruments(INSTRUMENTS, text).map((i) => i.Code);
    expect(codes('')).toEqual(['EURUSD', 'XAUUSD', 'GBPJPY']);
    expect(codes('eur/usd')).toEqual(['EURUSD']);
    expect(codes('usd')).toEqual(['EURUSD', 'XAUUSD']);
    expect(codes('GOLD')).toEqual(['XAUUSD']);
    expect(codes('jpy')).toEqual(['GBPJPY']);
  });

  it('the home search icon leads here', async () => {
    setBeforeRequest(() => false);
    vi.spyOn(socket, 'ensureConnected').mockImplementation(() => {});
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    await renderRouter(router);
    await press(await screen.findByRole('button', { name: 'Search products' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/product'));
  });
});

describe('company status at start (spec §7 getCompanyStatus)', () => {
  beforeEach(() => {
    configureRequest({ getToken: () => null, getLanguage: () => 'en', toast });
    toast.mockClear();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    setHttpClient(null);
    Cookies.remove(COMPANY_COOKIE, { path: '/' });
    vi.restoreAllMocks();
  });

  it('without a company_id cookie nothing is asked', async () => {
    serve({ [STATUS]: () => ({ status: 1, loss_url: 'https://elsewhere.example/' }) });
    const leave = vi.fn();
    await checkCompanyStatus(leave);
    expect(sentTo(STATUS)).toHaveLength(0);
    expect(leave).not.toHaveBeenCalled();
  });

  it('a company out of service sends the visitor to its http(s) loss_url', async () => {
    Cookies.set(COMPANY_COOKIE, '5', { path: '/' });
    serve({ [STATUS]: () => ({ status: COMPANY_STATUS.SUSPENDED, loss_url: 'https://elsewhere.example/' }) });
    const leave = vi.fn();
    await checkCompanyStatus(leave);
    expect(sentTo(STATUS)[0]!.params).toMatchObject({ id: 5 });
    expect(leave).toHaveBeenCalledWith('https://elsewhere.example/');
  });

  it('in service, or a loss_url that is not http(s), or a failure: the visitor stays, silently', async () => {
    Cookies.set(COMPANY_COOKIE, '5', { path: '/' });
    const leave = vi.fn();
    serve({ [STATUS]: () => ({ status: COMPANY_STATUS.ACTIVE, loss_url: 'https://elsewhere.example/' }) });
    await checkCompanyStatus(leave);
    serve({ [STATUS]: () => ({ status: COMPANY_STATUS.SUSPENDED, loss_url: 'javascript:alert(1)' }) });
    await checkCompanyStatus(leave);
    serve({ [STATUS]: () => ({ refuse: 'Service unavailable' }) });
    await checkCompanyStatus(leave);
    serve({
      [STATUS]: () => {
        throw new Error('network down');
      },
    });
    await checkCompanyStatus(leave);
    expect(leave).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
  });

  it('a cookie that is not an id is ignored', async () => {
    Cookies.set(COMPANY_COOKIE, 'abc', { path: '/' });
    serve({ [STATUS]: () => ({ status: 1, loss_url: 'https://elsewhere.example/' }) });
    await checkCompanyStatus(vi.fn());
    expect(sentTo(STATUS)).toHaveLength(0);
  });
});
