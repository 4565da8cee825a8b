import {
  NEWS_PAGE_SIZE,
  type NewsDetail,
  type NewsItem,
  newsInfoCall,
  newsListCall,
} from '@meridian/contracts';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { NEWS_CATEGORY_ID, newsCalls } from '../src/features/news/api/calls';
import { firstNewsPageOnly, nextNewsPage } from '../src/features/news/api/get-news-list';
import { articleIdOf, NewsDetailScreen } from '../src/features/news/components/news-detail-screen';
import { NewsScreen } from '../src/features/news/components/news-screen';
import { queryClient } from '../src/lib/query-client';
import { configureRequest, setHttpClient } from '../src/lib/request';
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
const LIST = '/api/news/list';
const INFO = '/api/news/info';
/** The API host of the test page (http://localhost:3000): the page's own origin. */
const API = 'http://localhost:3000';

const item = (id: number, over: Partial<NewsItem> = {}): NewsItem => ({
  id,
  title: `Article ${id}`,
  desc: `Summary of article ${id}`,
  logo: '',
  created_at: `2026-12-0${(id % 9) + 1} 08:15:00`,
  ...over,
});
const detail = (over: Partial<NewsDetail> = {}): NewsDetail => ({
  ...item(7),
  title: 'Gold steadies as the dollar eases',
  logo: '/static/upload/news/0c6b0a0e-1c1e-4d7e-9a55-3f1f0f7b9a11.jpg',
  content: '<p>Spot gold held near its highs.</p>',
  lang: 'en',
  ...over,
});

async function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/news', element: <NewsScreen /> },
      { path: '/news/detail', element: <NewsDetailScreen /> },
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
const titles = () => screen.queryAllByTestId('news-title').map((e) => e.textContent);

/** happy-dom lays nothing out: antd-mobile's InfiniteScroll loads only an element with an offsetParent. */
function letInfiniteScrollLoad() {
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get(this: HTMLElement) {
      return this.parentElement;
    },
  });
  onTestFinished(() => {
    delete (HTMLElement.prototype as { offsetParent?: unknown }).offsetParent;
  });
}

describe('news', () => {
  beforeAll(async () => {
    await setupTestI18n();
  });
  beforeEach(() => {
    toast.mockClear();
    configureRequest({ getToken: () => null, getLanguage: () => 'en', toast });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    setHttpClient(null);
    queryClient.clear();
    vi.restoreAllMocks();
  });

  it('call references match the contracts', () => {
    expect(newsCalls.list).toEqual({ method: newsListCall.method, path: newsListCall.path });
    expect(newsCalls.info).toEqual({ method: newsInfoCall.method, path: newsInfoCall.path });
  });

  it('paging (spec §4): finished when the loaded count reaches total; a refresh keeps page 1 only', () => {
    const page = (n: number, total: number) => ({
      data: Array.from({ length: n }, (_, i) => item(i)),
      total,
    });
    expect(nextNewsPage([page(10, 25)])).toBe(2);
    expect(nextNewsPage([page(10, 25), page(10, 25)])).toBe(3);
    expect(nextNewsPage([page(10, 25), page(10, 25), page(5, 25)])).toBeUndefined();
    expect(nextNewsPage([page(10, 10)])).toBeUndefined();
    expect(nextNewsPage([page(0, 3)])).toBeUndefined(); // an empty page ends it whatever total says
    const two = { pages: [page(10, 25), page(10, 25)], pageParams: [1, 2] };
    expect(firstNewsPageOnly(two)).toEqual({ pages: [two.pages[0]], pageParams: [1] });
  });

  it('list: skeleton, then rows with title, summary, date and picture; No more at the end', async () => {
    let release!: () => void;
    serve({
      [LIST]: () =>
        new Promise((resolve) => {
          release = () =>
            resolve({
              data: [
                item(2, { logo: '/static/upload/news/aaaaaaaa-1c1e-4d7e-9a55-3f1f0f7b9a11.png' }),
                item(1),
              ],
              total: 2,
            });
        }),
    });
    await renderAt('/news');
    expect(screen.getByTestId('news-skeleton')).toBeTruthy();
    await act(async () => release());
    await vi.waitFor(() => expect(titles()).toEqual(['Article 2', 'Article 1']));
    expect(screen.queryByTestId('news-skeleton')).toBeNull();
    const [first, second] = screen.getAllByTestId('news-row');
    expect(first!.textContent).toContain('Summary of article 2');
    expect(first!.querySelector('time')!.textContent).toBe('2026-12-03');
    expect(first!.querySelector('img')!.getAttribute('src')).toBe(
      `${API}/static/upload/news/aaaaaaaa-1c1e-4d7e-9a55-3f1f0f7b9a11.png`,
    );
    expect(second!.querySelector('img')).toBeNull(); // no logo, no picture
    expect(first!.getAttribute('href')).toBe('/news/detail?id=2');
    expect(screen.getByTestId('list-end').textContent).toBe('No more');
    expect(sentTo(LIST)[0]!.params).toMatchObject({ category_id: NEWS_CATEGORY_ID, page: 1 });
  });

  it('list: nothing published says No data yet', async () => {
    serve({ [LIST]: () => ({ data: [], total: 0 }) });
    await renderAt('/news');
    await vi.waitFor(() => expect(screen.getByTestId('list-end').textContent).toBe('No data yet'));
    expect(screen.queryAllByTestId('news-row')).toHaveLength(0);
  });

  it('list: scrolling loads the next page until the total is reached', async () => {
    letInfiniteScrollLoad();
    const total = NEWS_PAGE_SIZE + 3;
    serve({
      [LIST]: (config) => {
        const page = Number(config.params.page);
        const from = (page - 1) * NEWS_PAGE_SIZE;
        const ids = Array.from(
          { length: Math.max(0, Math.min(NEWS_PAGE_SIZE, total - from)) },
          (_, i) => total - from - i,
        );
        return { data: ids.map((id) => item(id)), total };
      },
    });
    await renderAt('/news');
    await vi.waitFor(() => expect(titles()).toHaveLength(total));
    await vi.waitFor(() => expect(screen.getByTestId('list-end').textContent).toBe('No more'));
    expect(sentTo(LIST).map((c) => c.params.page)).toEqual([1, 2]);
  });

  it('list: a failure says so and Retry loads it', async () => {
    let fail = true;
    serve({ [LIST]: () => (fail ? { refuse: 'Service unavailable' } : { data: [item(1)], total: 1 }) });
    await renderAt('/news');
    await vi.waitFor(() => expect(screen.getByTestId('list-end').textContent).toBe('Failed to load'));
    fail = false;
    await press(screen.getByTestId('list-retry'));
    await vi.waitFor(() => expect(titles()).toEqual(['Article 1']));
  });

  it('tapping a row opens its article; the way back returns to the list', async () => {
    serve({ [LIST]: () => ({ data: [item(7)], total: 1 }), [INFO]: () => detail() });
    const router = await renderAt('/news');
    await vi.waitFor(() => expect(titles()).toEqual(['Article 7']));
    await press(screen.getByTestId('news-row'));
    expect(router.state.location.pathname).toBe('/news/detail');
    expect(router.state.location.search).toBe('?id=7');
    await screen.findByTestId('news-article');
    expect(sentTo(INFO)[0]!.params).toMatchObject({ id: 7 });
    await press(screen.getByRole('button', { name: 'Back' }));
    expect(router.state.location.pathname).toBe('/news');
  });

  it('detail: title, date, picture and content; a skeleton while it loads', async () => {
    let release!: () => void;
    serve({ [INFO]: () => new Promise((resolve) => (release = () => resolve(detail()))) });
    await renderAt('/news/detail?id=7');
    expect(screen.getByTestId('news-detail-skeleton')).toBeTruthy();
    await act(async () => release());
    const article = await screen.findByTestId('news-article');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Gold steadies as the dollar eases');
    expect(article.querySelector('time')!.textContent).toBe('2026-12-08 08:15');
    expect(article.querySelector('img')!.getAttribute('src')).toBe(
      `${API}/static/upload/news/0c6b0a0e-1c1e-4d7e-9a55-3f1f0f7b9a11.jpg`,
    );
    expect(screen.getByTestId('news-content').textContent).toBe('Spot gold held near its highs.');
  });

  it('detail: an unknown article shows the server message and the way back to the list, without a toast', async () => {
    serve({ [INFO]: () => ({ refuse: 'This article does not exist or is no longer published' }) });
    const router = await renderAt('/news/detail?id=999');
    const problem = await screen.findByTestId('news-problem');
    expect(problem.textContent).toContain('This article does not exist or is no longer published');
    expect(toast).not.toHaveBeenCalled();
    await press(screen.getByRole('button', { name: 'Back to news' }));
    expect(router.state.location.pathname).toBe('/news');
  });

  it('detail: an id that is not one asks nothing and says the article is not available', async () => {
    serve({ [INFO]: () => detail() });
    await renderAt('/news/detail?id=abc');
    expect(screen.getByTestId('news-problem').textContent).toContain('This article is not available.');
    expect(sentTo(INFO)).toHaveLength(0);
    expect(articleIdOf('12')).toBe(12);
    for (const text of [null, '', '0', '-3', '1.5', '1e3', '99999999999999999'])
      expect(articleIdOf(text)).toBeNull();
  });

  it('detail: a network failure offers Retry', async () => {
    let failures = 2; // the first try and the query's one retry
    serve({
      [INFO]: () => {
        if (failures-- > 0) throw new Error('network down');
        return detail();
      },
    });
    await renderAt('/news/detail?id=7');
    const problem = await screen.findByTestId('news-problem', {}, { timeout: 5000 });
    expect(problem.textContent).toContain('Failed to load');
    await press(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByTestId('news-article');
  });
});
