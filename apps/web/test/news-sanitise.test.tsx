// @vitest-environment jsdom
// DOMPurify walks the DOM with a NodeIterator; happy-dom's stops at the first node removed (and
// reads every tag name as '' through Node.prototype), so the sanitiser is tested on jsdom, the DOM
// DOMPurify's own tests use.
import type { NewsDetail } from '@meridian/contracts';
import { cleanup, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NewsDetailScreen } from '../src/features/news/components/news-detail-screen';
import { sanitizeArticle } from '../src/features/news/sanitize-html';
import { queryClient } from '../src/lib/query-client';
import { configureRequest, setHttpClient } from '../src/lib/request';
import { serveApi } from './fake-api';
import { setupTestI18n } from './i18n-helper';
import { renderRouter } from './render-router';

vi.mock('../src/lib/toast', () => ({ toast: vi.fn(), showLoadingToast: () => () => {} }));

/** The API host of the test page: the page's own origin. */
const API = window.location.origin;
const UPLOAD = '/static/upload/news/0c6b0a0e-1c1e-4d7e-9a55-3f1f0f7b9a11.png';

const HOSTILE = [
  '<h1>Heading</h1><p>Markets <strong>rallied</strong>.</p>',
  '<script>window.__pwned = 1</script>',
  '<img src="x" onerror="window.__pwned = 2">',
  '<img src="https://cdn.example.org/chart.png" onerror="window.__pwned = 3" alt="Chart">',
  `<img src="${UPLOAD}">`,
  '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">',
  '<a href="javascript:window.__pwned = 4">click me</a>',
  '<a href="https://example.org/report" target="_self" rel="opener">report</a>',
  '<a href="JaVaScRiPt&#58;alert(1)">encoded</a>',
  '<a href="mailto:desk@example.org">mail</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<svg><script>window.__pwned = 5</script></svg>',
  '<div style="position:fixed;inset:0" onclick="window.__pwned = 6" id="clobber" class="x">styled</div>',
  '<form action="https://evil.example"><input name="pw"><button>Go</button></form>',
  '<table><tr><th>Pair</th><td>EUR/USD</td></tr></table>',
  '<math><mi xlink:href="javascript:alert(1)">m</mi></math>',
  '<p>after all of it</p>',
].join('');

const hostileArticle = (): NewsDetail => ({
  id: 7,
  title: 'Gold steadies as the dollar eases',
  desc: '',
  logo: '',
  created_at: '2026-12-08 08:15:00',
  content: HOSTILE,
  lang: 'en',
});

describe('news content is sanitised again in the client (DOMPurify)', () => {
  beforeAll(async () => {
    await setupTestI18n();
  });
  beforeEach(() => {
    configureRequest({ getToken: () => null, getLanguage: () => 'en' });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    setHttpClient(null);
    queryClient.clear();
    vi.restoreAllMocks();
    delete (window as { __pwned?: unknown }).__pwned;
  });

  it('the detail screen shows a hostile article with nothing that runs, and links that open safely', async () => {
    serveApi({ '/api/news/info': () => hostileArticle() });
    const router = createMemoryRouter([{ path: '/news/detail', element: <NewsDetailScreen /> }], {
      initialEntries: ['/news/detail?id=7'],
    });
    await renderRouter(router);
    const content = await screen.findByTestId('news-content');
    await vi.waitFor(() => expect(content.textContent).toContain('after all of it'));
    const html = content.innerHTML;
    expect(html).not.toMatch(
      /<script|<iframe|<svg|<math|<form|<input|<button|javascript:|onerror|onclick|style=|id=|class=/i,
    );
    for (const el of content.querySelectorAll('*')) {
      for (const attr of el.attributes)
        expect(attr.name.startsWith('on'), `${el.tagName} ${attr.name}`).toBe(false);
    }
    const links = [...content.querySelectorAll('a')];
    expect(links.map((a) => a.textContent)).toEqual(['click me', 'report', 'encoded', 'mail']);
    for (const a of links) {
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
      expect(a.getAttribute('target')).toBe('_blank');
    }
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      null,
      'https://example.org/report',
      null,
      'mailto:desk@example.org',
    ]);
    // Images: https kept, our uploads served from the API host, anything else dropped.
    const images = [...content.querySelectorAll('img')];
    expect(images.map((img) => img.getAttribute('src'))).toEqual([
      'https://cdn.example.org/chart.png',
      `${API}${UPLOAD}`,
    ]);
    expect(images.map((img) => img.getAttribute('alt'))).toEqual(['Chart', '']);
    // The one allow-list has no h1 (the server stores an editor's h1 as h2): its text stays.
    expect(content.querySelector('h1')).toBeNull();
    expect(content.textContent).toContain('Heading');
    expect(content.querySelector('table td')!.textContent).toBe('EUR/USD');
    expect(content.textContent).toContain('styled');
    expect((window as { __pwned?: unknown }).__pwned).toBeUndefined();
  });

  it('returns nodes, never a string to be parsed again (no mutation through a second parse)', () => {
    const fragment = sanitizeArticle(
      '<p>a</p><noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>' +
        '<table><a href="javascript:1">t</a></table>',
    );
    expect(fragment).toBeInstanceOf(DocumentFragment);
    const box = document.createElement('div');
    box.append(fragment);
    expect(box.innerHTML).not.toMatch(/onerror|<img|<noscript|javascript:/i);
    expect(box.textContent).toContain('a');
  });
});
