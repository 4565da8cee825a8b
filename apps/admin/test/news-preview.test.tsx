// @vitest-environment jsdom
// DOMPurify does not support happy-dom (there it keeps <script> elements), so the preview's
// sanitiser is tested on jsdom, the DOM DOMPurify's own tests use.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sanitizeArticle } from '../src/features/news/article-html';
import { NewsPreview } from '../src/features/news/components/news-preview';
import { setupTestI18n } from './helpers';

const UPLOAD = '/static/upload/news/0c6b0a0e-1c1e-4d7e-9a55-3f1f0f7b9a11.png';

/** What a hostile writer (or a tampered database) might leave in an article's HTML. */
const HOSTILE = [
  '<h2>Gold</h2><p>Bullion <strong>steadies</strong>.</p>',
  '<script>window.__pwned = 1</script>',
  '<img src="x" onerror="window.__pwned = 2">',
  '<img src="https://cdn.example.org/chart.png" onerror="window.__pwned = 3" alt="Chart">',
  `<img src="${UPLOAD}">`,
  '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">',
  '<a href="javascript:window.__pwned = 4">click me</a>',
  '<a href="https://markets.example/gold" onclick="window.__pwned = 5" target="_self">source</a>',
  '<a href="mailto:desk@meridian.example">desk</a>',
  '<p style="position:fixed;inset:0" onmouseover="window.__pwned = 6" class="x" id="y">styled</p>',
  '<svg><script>window.__pwned = 7</script></svg>',
  '<form action="https://evil.example"><button>Claim</button></form>',
  '<iframe srcdoc="<script>parent.__pwned = 8</script>"></iframe>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__pwned = 9">',
].join('');

/** Every element of `root` carrying an event handler, a style, a class or an id. */
const risky = (root: ParentNode) =>
  [...root.querySelectorAll('*')].filter((el) =>
    [...el.attributes].some((a) => a.name.startsWith('on') || ['style', 'class', 'id'].includes(a.name)),
  );

describe('news preview sanitiser (jsdom)', () => {
  beforeAll(async () => {
    await setupTestI18n();
    // antd's Select measures itself; jsdom has neither.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      onchange: null,
      dispatchEvent: () => false,
    }));
  });
  afterEach(() => {
    cleanup();
    (window as { __pwned?: number }).__pwned = undefined;
  });

  it('keeps the article’s text, headings, safe links and our or https images; drops the rest', () => {
    const box = document.createElement('div');
    box.append(sanitizeArticle(HOSTILE));
    expect(box.querySelector('h2')!.textContent).toBe('Gold');
    expect(box.querySelector('strong')!.textContent).toBe('steadies');
    expect(box.querySelector('script, svg, math, style, form, button, iframe')).toBeNull();
    expect(risky(box)).toEqual([]);
    expect([...box.querySelectorAll('img')].map((i) => i.getAttribute('src'))).toEqual([
      'https://cdn.example.org/chart.png',
      UPLOAD,
    ]);
    const links = [...box.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      null,
      'https://markets.example/gold',
      'mailto:desk@meridian.example',
    ]);
    for (const a of links) {
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
      expect(a.getAttribute('target')).toBe('_blank');
    }
  });

  it('the phone preview shows the hostile sample without running or rendering any of it', async () => {
    render(
      <NewsPreview
        versions={[{ lang: 'en', title: 'Gold steadies', desc: '', content: HOSTILE }]}
        logo=""
        publishAt={null}
        initialReader="en"
      />,
    );
    const phone = screen.getByTestId('news-phone');
    expect(screen.getByRole('heading', { name: 'Gold steadies' })).toBeTruthy();
    const content = screen.getByTestId('news-preview-content');
    expect(content.textContent).toContain('Bullion steadies.');
    expect(phone.querySelector('script, svg, math, style, form, iframe')).toBeNull();
    expect(risky(content)).toEqual([]);
    // Handlers would have run by now had any reached the page (images error at once in jsdom).
    await new Promise((r) => setTimeout(r, 50));
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('a reader with no version of their own is told which version they are shown', () => {
    render(
      <NewsPreview
        versions={[{ lang: 'hk', title: '金價回穩', desc: '', content: '<p>金價。</p>' }]}
        logo=""
        publishAt={null}
        initialReader="fr"
      />,
    );
    expect(
      screen.getByText('No Français (fr) version: readers of Français (fr) are shown it in 繁體中文 (hk).'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: '金價回穩' })).toBeTruthy();
  });
});
