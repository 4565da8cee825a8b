import {
  STAFF_API_PREFIX,
  type StaffNewsArticle,
  type StaffNewsRow,
  type StaffRole,
  staffUpdateNewsCall,
} from '@meridian/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NewsScreen } from '../src/features/news/components/news-screen';
import { meKeys } from '../src/lib/me';
import { configureStaffClient } from '../src/lib/staff-client';
import { envelope, renderRoutes, setupTestI18n, staffMember } from './helpers';

/** What a hostile writer (or a tampered database) might leave in an article's HTML. */
const HOSTILE =
  '<p>Gold holds <strong>steady</strong>.</p>' +
  '<img src="x" onerror="window.__pwned = 1">' +
  '<script>window.__pwned = 2</script>' +
  '<a href="javascript:window.__pwned = 3">click</a>' +
  '<a href="https://markets.example/gold" onclick="window.__pwned = 4">source</a>' +
  '<p style="position:fixed" onmouseover="window.__pwned = 5">styled</p>';

const row: StaffNewsRow = {
  id: 5,
  status: 0,
  state: 'draft',
  publishAt: null,
  logo: '',
  title: 'Gold steadies',
  languages: ['en', 'hk'],
  createdBy: 'Casey',
  updatedAt: '2025-03-01T10:00:00Z',
};

const article: StaffNewsArticle = {
  ...row,
  categoryId: 1,
  translations: [
    { lang: 'en', title: 'Gold steadies', desc: 'Bullion after the Fed', content: HOSTILE },
    { lang: 'hk', title: '金價回穩', desc: '', content: '<p>金價回穩。</p>' },
  ],
};

const scheduledRow: StaffNewsRow = {
  ...row,
  id: 6,
  state: 'scheduled',
  status: 1,
  publishAt: '2030-07-01T09:30:00Z',
  title: 'Oil week ahead',
};

function stubApi() {
  const fn = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.slice(STAFF_API_PREFIX.length).split('?')[0]!;
    if (init?.method === 'GET' && path === '/news') return envelope({ rows: [row, scheduledRow], total: 2 });
    if (init?.method === 'GET' && path === '/news/5') return envelope(article);
    if (init?.method === 'POST' && path === '/news/5') {
      const body = JSON.parse(String(init.body));
      return envelope({ ...article, ...body }, 'Success');
    }
    if (init?.method === 'POST' && path === '/news/5/publish') {
      const { publishAt } = JSON.parse(String(init.body));
      return envelope({ ...article, status: 1, state: publishAt ? 'scheduled' : 'published', publishAt });
    }
    return envelope(null, 'not stubbed', 9999);
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}
const posts = (fetch: ReturnType<typeof stubApi>, path: string) =>
  fetch.mock.calls
    .filter(([url, init]) => url === `${STAFF_API_PREFIX}${path}` && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init!.body)));

async function renderAs(role: StaffRole, path = '/news') {
  return renderRoutes([{ path: '/news', element: <NewsScreen /> }], path, (qc) =>
    qc.setQueryData(meKeys.all, { staff: staffMember({ role }), mustEnrolTotp: false }),
  );
}

/** Opens article 5 in the editor and waits for its English title. */
async function openArticle() {
  await renderAs('content', '/news?edit=5');
  await waitFor(() => expect(screen.getByDisplayValue('Gold steadies')).toBeTruthy());
}
const dialogs = () => screen.getAllByRole('dialog');
const topDialog = () => within(dialogs().at(-1)!);
const confirmDialog = () => within(document.querySelector('.ant-modal-confirm') as HTMLElement);

describe('news', () => {
  beforeAll(async () => {
    await setupTestI18n();
  });
  beforeEach(() => {
    configureStaffClient({ getToken: () => 'tok', getLanguage: () => 'en' });
    (window as { __pwned?: number }).__pwned = undefined;
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('lists articles with their state (scheduled with its time) and filters by state', async () => {
    const fetch = stubApi();
    await renderAs('content');
    await waitFor(() => expect(screen.getByText('Gold steadies')).toBeTruthy());
    expect(screen.getByText('Draft')).toBeTruthy();
    expect(screen.getByText(/^Scheduled for 2030-07-01/)).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Scheduled' }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([url]) => url === `${STAFF_API_PREFIX}/news?state=scheduled&page=1&pageSize=20`,
        ),
      ).toBe(true),
    );
  });

  it('the editor shows a tab per language (en, hk), the toolbar, and saves every version once', async () => {
    const fetch = stubApi();
    await openArticle();
    expect(screen.getByRole('tab', { name: /English \(en\)/ })).toBeTruthy();
    expect(screen.getByRole('tab', { name: /繁體中文 \(hk\)/ })).toBeTruthy();
    const toolbar = screen.getAllByRole('toolbar', { name: 'Formatting' })[0]!;
    for (const name of [
      'Bold',
      'Italic',
      'H2 Heading',
      'H3 Subheading',
      'Bulleted list',
      'Numbered list',
      'Quote',
      'Link',
      'Insert image',
      'Undo',
      'Redo',
    ])
      expect(within(toolbar).getByRole('button', { name })).toBeTruthy();
    fireEvent.change(screen.getByDisplayValue('Gold steadies'), {
      target: { value: ' Gold steadies after the Fed ' },
    });
    const save = screen.getByRole('button', { name: 'Save' });
    fireEvent.click(save);
    fireEvent.click(save);
    await waitFor(() => expect(screen.getByText('Article saved')).toBeTruthy());
    const sent = posts(fetch, '/news/5');
    expect(sent).toHaveLength(1);
    expect(sent[0].translations.map((v: { lang: string }) => v.lang)).toEqual(['en', 'hk']);
    expect(sent[0].translations[0]).toMatchObject({ lang: 'en', title: 'Gold steadies after the Fed' });
    expect(staffUpdateNewsCall.body!.safeParse(sent[0]).success).toBe(true);
  });

  it('the editor’s schema keeps only known nodes: no script, handler or style from stored HTML', async () => {
    stubApi();
    await openArticle();
    const editor = screen.getByRole('textbox', { name: 'Article text in English (en)' });
    expect(editor.textContent).toContain('Gold holds steady.');
    expect(editor.querySelector('script, iframe')).toBeNull();
    const withHandlers = [...editor.querySelectorAll('*')].filter((el) =>
      [...el.attributes].some((a) => a.name.startsWith('on') || a.name === 'style'),
    );
    expect(withHandlers).toEqual([]);
    // The javascript: link is not a link in the editor; the https one is, opening safely.
    const hrefs = [...editor.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['https://markets.example/gold']);
    expect(editor.querySelector('a')!.getAttribute('rel')).toBe('noopener noreferrer');
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('the preview says which version a reader without their own is shown', async () => {
    stubApi();
    await openArticle();
    fireEvent.click(screen.getByRole('button', { name: /Preview/ }));
    await waitFor(() => expect(screen.getByTestId('news-phone')).toBeTruthy());
    const select = topDialog().getByRole('combobox', { name: "Reader's language" });
    fireEvent.mouseDown(select);
    await waitFor(() => expect(screen.getByText('Français (fr): no version')).toBeTruthy());
    fireEvent.click(screen.getByText('Français (fr): no version'));
    await waitFor(() =>
      expect(
        screen.getByText('No Français (fr) version: readers of Français (fr) are shown it in English (en).'),
      ).toBeTruthy(),
    );
  });

  it('schedule needs a time in the future, then saves nothing new and publishes at that time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-06-15T12:00:00'));
    const fetch = stubApi();
    await openArticle();
    fireEvent.click(screen.getByRole('button', { name: 'Schedule…' }));
    await waitFor(() => expect(topDialog().getByText('Schedule the article')).toBeTruthy());
    const input = topDialog().getByLabelText('Publish at');
    const pick = async (text: string) => {
      await act(async () => {
        fireEvent.mouseDown(input);
        fireEvent.focus(input);
        fireEvent.change(input, { target: { value: text } });
        fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
      });
    };
    await pick('2030-06-15 11:00');
    fireEvent.click(topDialog().getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(screen.getByText('Choose a time in the future')).toBeTruthy());
    expect(posts(fetch, '/news/5/publish')).toHaveLength(0);

    await pick('2030-06-16 09:30');
    fireEvent.click(topDialog().getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(posts(fetch, '/news/5/publish')).toHaveLength(1));
    expect(new Date(posts(fetch, '/news/5/publish')[0].publishAt).getTime()).toBe(
      new Date('2030-06-16T09:30:00').getTime(),
    );
    // Nothing was changed: no save before publishing.
    expect(posts(fetch, '/news/5')).toHaveLength(0);
    await waitFor(() => expect(screen.getByText(/^Article scheduled for 2030-06-16 09:30/)).toBeTruthy());
  });

  it('publish now asks first (traders see it at once), then publishes once', async () => {
    const fetch = stubApi();
    await openArticle();
    fireEvent.click(screen.getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(screen.getAllByText('Publish this article now?').length).toBeGreaterThan(0));
    expect(posts(fetch, '/news/5/publish')).toHaveLength(0);
    fireEvent.click(confirmDialog().getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(posts(fetch, '/news/5/publish')).toEqual([{ publishAt: null }]));
    await waitFor(() => expect(screen.getByText('Article published: traders see it now')).toBeTruthy());
  });
});
