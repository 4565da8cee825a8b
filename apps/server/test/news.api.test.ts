import { CONTENT_STAFF_CALLS, NEWS_PAGE_SIZE, STAFF_API_PREFIX, type StaffRole } from '@meridian/contracts';
import { londonDateTime } from '@meridian/i18n';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from '../src/modules/news/article-html.ts';
import { NEWS_SEEDS } from '../src/modules/news/news-seed.ts';
import { seedIfEmpty } from '../src/seed.ts';
import { DB_KINDS } from './support/databases.ts';
import { type Envelope, pngOf, staffTeam, teamOwnerEnv } from './support/staff-team.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const DOMAIN = 'news.test';
const HOUR_MS = 3_600_000;
type Version = { lang: string; title: string; desc?: string; content: string };

describe.each(DB_KINDS)('news on %s', (kind) => {
  let s: TestServer;
  let team: Awaited<ReturnType<typeof staffTeam>>;
  const content = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    team.as('content', method, url, body);

  /** A public call as the trader's app makes it (no session), in a language. */
  const pub = async (url: string, lang = 'en'): Promise<Envelope> =>
    (await s.app.inject({ method: 'GET', url, headers: { lang } })).json() as Envelope;
  const list = (query = '', lang = 'en') => pub(`/api/news/list${query ? `?${query}` : ''}`, lang);
  const info = (id: number | string, lang = 'en') => pub(`/api/news/info?id=${id}`, lang);
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await s.database.db.execute(query)) as unknown as { rows: Array<Record<string, any>> }).rows;
  const newsAudit = async (id: number) =>
    rows(
      sql`select action, target_id, before, after, staff_email from staff_audit where target_type = 'news' and target_id = ${String(id)} order by id`,
    );

  /** A draft with the versions given (English only by default). */
  async function draft(title: string, versions?: Version[], logo = ''): Promise<number> {
    const r = await content('POST', '/news', {
      logo,
      translations: versions ?? [
        { lang: 'en', title, desc: `${title} in short`, content: `<p>${title} body</p>` },
      ],
    });
    expect(r.code, r.msg).toBe(1);
    return r.data.id as number;
  }
  const publish = (id: number, publishAt: string | null = null) =>
    content('POST', `/news/${id}/publish`, { publishAt });

  beforeAll(async () => {
    s = await startTestServer(kind, { env: teamOwnerEnv(DOMAIN) });
    team = await staffTeam(s, DOMAIN, ['content', 'finance', 'support']);
  }, 120_000);
  afterAll(() => s?.stop());
  // Each test works on its own articles.
  afterEach(async () => {
    await s.database.db.execute(sql`delete from news_articles`);
  });

  it('a fresh install shows the eight seeded articles, newest first, in English and Chinese, with their banners', async () => {
    const en = await list();
    expect(en.code, en.msg).toBe(1);
    expect(en.data.total).toBe(NEWS_SEEDS.length);
    expect(en.data.total).toBe(8);
    expect(en.data.data.map((a: any) => a.title)).toEqual(
      [...NEWS_SEEDS].sort((a, b) => a.hoursAgo - b.hoursAgo).map((a) => a.en.title),
    );
    const newest = en.data.data[0];
    expect(Object.keys(newest).sort()).toEqual(['created_at', 'desc', 'id', 'logo', 'title']);
    expect(newest.created_at).toBe(londonDateTime(s.clock.ms - 3 * HOUR_MS));
    expect(newest.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const hk = await list('', 'hk');
    expect(hk.data.data[0].title).toBe(NEWS_SEEDS[0]!.hk.title);

    const withLogo = en.data.data.filter((a: any) => a.logo !== '');
    expect(withLogo.length).toBeGreaterThanOrEqual(4);
    for (const a of withLogo) {
      expect(a.logo).toMatch(/^\/static\/upload\/news\/[0-9a-f-]{36}\.png$/);
      const res = await s.app.inject({ method: 'GET', url: a.logo });
      expect(res.statusCode, a.logo).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([750, 375]);
    }
    const detail = await info(newest.id);
    expect(detail.data.content).toContain('<h3>');
    expect(detail.data.content).toMatch(
      /<a href="https:\/\/[^"]+" rel="noopener noreferrer" target="_blank">/,
    );
    // Stored as the sanitiser writes it (a fixed point), so what clients sanitise again is unchanged.
    expect(sanitizeArticleHtml(detail.data.content)).toBe(detail.data.content);

    // Seeding again (the next start) adds nothing.
    await seedIfEmpty(s.database.db, '100000.00', s.clock.ms);
    expect((await list()).data.total).toBe(8);
    expect((await rows(sql`select count(*)::int as n from news_translations`))[0]!.n).toBe(16);
    await s.database.db.execute(sql`delete from news_articles`);
    expect(await list()).toMatchObject({ code: 1, data: { data: [], total: 0 } });
  });

  it('pages ten at a time, newest publish first; past the end is empty with the real total; page 0 is refused', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 23; i++) {
      ids.push(await draft(`Paged ${i}`));
      s.clock.advance(1_000);
      expect((await publish(ids[i]!)).code).toBe(1);
    }
    const newestFirst = [...ids].reverse();
    const p1 = await list('page=1');
    expect(p1.data.total).toBe(23);
    expect(p1.data.data).toHaveLength(NEWS_PAGE_SIZE);
    expect(p1.data.data.map((a: any) => a.id)).toEqual(newestFirst.slice(0, 10));
    expect((await list()).data).toEqual(p1.data);
    expect((await list('category_id=1&page=2')).data.data.map((a: any) => a.id)).toEqual(
      newestFirst.slice(10, 20),
    );
    expect((await list('page=3')).data.data.map((a: any) => a.id)).toEqual(newestFirst.slice(20));
    expect((await list('page=4')).data).toEqual({ data: [], total: 23 });
    expect((await list('page=100000')).data).toEqual({ data: [], total: 23 });
    expect((await list('category_id=2')).data).toEqual({ data: [], total: 0 });
    for (const bad of [
      'page=0',
      'page=-1',
      'page=1.5',
      'page=abc',
      'page=100001',
      'category_id=0',
      'category_id=x',
    ])
      expect((await list(bad)).code, bad).toBe(1001);
  });

  it('keeps drafts and scheduled articles out of the app until their time; unpublishing takes one out at once', async () => {
    const id = await draft('Scheduled story');
    const hidden = { code: 7101, msg: 'This article does not exist', data: null };
    expect(await info(id)).toEqual(hidden);
    expect((await list()).data.total).toBe(0);

    const at = new Date(s.clock.ms + HOUR_MS);
    const scheduled = await publish(id, at.toISOString());
    expect(scheduled.code, scheduled.msg).toBe(1);
    expect(scheduled.data).toMatchObject({ state: 'scheduled', publishAt: at.toISOString(), status: 1 });
    expect(await info(id)).toEqual(hidden);
    expect((await list()).data.total).toBe(0);
    expect((await content('GET', '/news?state=scheduled')).data.rows.map((r: any) => r.id)).toEqual([id]);
    expect((await content('GET', '/news?state=published')).data.total).toBe(0);

    s.clock.advance(HOUR_MS - 1_000);
    expect(await info(id)).toEqual(hidden);
    s.clock.advance(1_000);
    const shown = await info(id);
    expect(shown.code).toBe(1);
    expect(shown.data.created_at).toBe(londonDateTime(at.getTime()));
    expect((await list()).data.data.map((a: any) => a.id)).toEqual([id]);
    expect((await content('GET', `/news/${id}`)).data.state).toBe('published');

    const back = await content('POST', `/news/${id}/unpublish`);
    expect(back.data).toMatchObject({ state: 'draft', status: 0 });
    expect(await info(id)).toEqual(hidden);
    expect((await list()).data.total).toBe(0);
    expect((await content('GET', '/news?state=draft')).data.rows.map((r: any) => r.id)).toEqual([id]);

    // A time already past when it arrives publishes now.
    const now = await publish(id, new Date(s.clock.ms - 10 * HOUR_MS).toISOString());
    expect(now.data).toMatchObject({ state: 'published', publishAt: new Date(s.clock.ms).toISOString() });
    expect((await info(id)).data.created_at).toBe(londonDateTime(s.clock.ms));
    for (const bad of ['tomorrow', '2026-13-01T00:00:00Z', 42])
      expect((await content('POST', `/news/${id}/publish`, { publishAt: bad })).code, String(bad)).toBe(1001);
  });

  it('serves the reader’s language, else English, else Chinese (hk), else the first version in the language list', async () => {
    const v = (lang: string) => ({
      lang,
      title: `${lang} title`,
      desc: `${lang} desc`,
      content: `<p>${lang} body</p>`,
    });
    const three = await draft('', [v('jp'), v('hk'), v('en')]);
    const noEnglish = await draft('', [v('fr'), v('hk')]);
    const neither = await draft('', [v('de'), v('fr')]);
    for (const id of [three, noEnglish, neither]) expect((await publish(id)).code).toBe(1);
    const served = async (id: number, lang: string) => {
      const r = await info(id, lang);
      expect(r.code, r.msg).toBe(1);
      expect(r.data.title).toBe(`${r.data.lang} title`);
      expect(r.data.desc).toBe(`${r.data.lang} desc`);
      expect(r.data.content).toBe(`<p>${r.data.lang} body</p>`);
      return r.data.lang as string;
    };
    expect(await served(three, 'jp')).toBe('jp');
    expect(await served(three, 'hk')).toBe('hk');
    expect(await served(three, 'fr')).toBe('en');
    expect(await served(noEnglish, 'fr')).toBe('fr');
    expect(await served(noEnglish, 'en')).toBe('hk');
    expect(await served(noEnglish, 'ru')).toBe('hk');
    // No header is the default language (hk).
    expect((await s.app.inject({ method: 'GET', url: `/api/news/info?id=${three}` })).json().data.lang).toBe(
      'hk',
    );
    expect(await served(neither, 'de')).toBe('de');
    // fr comes before de in the language list.
    expect(await served(neither, 'en')).toBe('fr');
    const listed = (await list('', 'ru')).data.data;
    expect(Object.fromEntries(listed.map((a: any) => [a.id, a.title]))).toEqual({
      [three]: 'en title',
      [noEnglish]: 'hk title',
      [neither]: 'fr title',
    });
    const staffRow = (await content('GET', '/news')).data.rows.find((r: any) => r.id === noEnglish);
    expect(staffRow).toMatchObject({ title: 'hk title', languages: ['hk', 'fr'] });
  });

  it('answers not found for unknown ids and refuses ids that are not row ids', async () => {
    const hidden = { code: 7101, msg: 'This article does not exist', data: null };
    expect(await info(999_999)).toEqual(hidden);
    expect(await info(2_147_483_647)).toEqual(hidden);
    for (const bad of ['0', '-3', 'abc', '2147483648', ''])
      expect((await info(bad)).code, `id=${bad}`).toBe(1001);
    expect((await pub('/api/news/info')).code).toBe(1001);
    expect((await content('GET', '/news/999999')).code).toBe(7101);
    expect(
      (await content('POST', '/news/999999', { translations: [{ lang: 'en', title: 'x', content: '' }] }))
        .code,
    ).toBe(7101);
    expect((await publish(999_999)).code).toBe(7101);
    expect((await content('POST', '/news/999999/unpublish')).code).toBe(7101);
    expect((await content('GET', '/news/abc')).code).toBe(1001);
  });

  it('stores and answers article HTML sanitised: nothing executable comes back from staff or public calls', async () => {
    const dirty =
      '<h2 onclick="alert(1)">Head</h2><p>Text<script>alert(1)</script></p>' +
      '<img src=x onerror=alert(1)><img src="javascript:alert(1)">' +
      '<a href="jav&#x09;ascript:alert(1)">bad link</a> <a href="https://example.com/ok" target="_self">good link</a>' +
      '<svg onload=alert(1)></svg><iframe srcdoc="<script>alert(1)</script>"></iframe>' +
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>' +
      '<p style="background:url(javascript:alert(1))">styled</p>';
    const clean = sanitizeArticleHtml(dirty);
    expect(clean).toBe(
      '<h2>Head</h2><p>Text</p>bad link <a href="https://example.com/ok" rel="noopener noreferrer" target="_blank">good link</a><p>styled</p>',
    );
    const created = await content('POST', '/news', {
      translations: [{ lang: 'en', title: '<b>Title as text</b>', desc: 'd', content: dirty }],
    });
    expect(created.code, created.msg).toBe(1);
    const id = created.data.id as number;
    expect(created.data.translations[0].content).toBe(clean);
    expect(
      (await rows(sql`select content from news_translations where article_id = ${id}`))[0]!.content,
    ).toBe(clean);
    expect((await content('GET', `/news/${id}`)).data.translations[0].content).toBe(clean);
    await publish(id);
    const shown = await info(id);
    expect(shown.data.content).toBe(clean);
    // Titles are plain text: kept as written, for clients to show as text.
    expect(shown.data.title).toBe('<b>Title as text</b>');

    const updated = await content('POST', `/news/${id}`, {
      translations: [{ lang: 'en', title: 't', content: '<p>ok</p><img src=x onerror=alert(1)>' }],
    });
    expect(updated.data.translations[0].content).toBe('<p>ok</p>');
    expect((await info(id)).data.content).toBe('<p>ok</p>');
    // Control characters in text fields and unknown languages are refused at the edge.
    for (const bad of [
      { translations: [{ lang: 'en', title: 'a\u0000b', content: '' }] },
      { translations: [{ lang: 'en', title: '', content: '' }] },
      { translations: [{ lang: 'xx', title: 't', content: '' }] },
      { translations: [] },
      {
        translations: [
          { lang: 'en', title: 'a', content: '' },
          { lang: 'en', title: 'b', content: '' },
        ],
      },
      { translations: [{ lang: 'en', title: 't', content: 'x'.repeat(200_001) }] },
      { logo: 'https://evil.example/x.png', translations: [{ lang: 'en', title: 't', content: '' }] },
      { logo: 'javascript:alert(1)', translations: [{ lang: 'en', title: 't', content: '' }] },
    ])
      expect((await content('POST', '/news', bad)).code, JSON.stringify(bad).slice(0, 80)).toBe(1001);
  });

  it('replaces an article’s logo and versions in one go, keeps its state, and audits each change once', async () => {
    const logo = (await team.upload('content', '/news/images', await pngOf(64, 64))).data.url as string;
    const created = await content('POST', '/news', {
      logo,
      translations: [
        { lang: 'en', title: 'First', desc: 'one', content: '<p>first</p>' },
        { lang: 'hk', title: '第一', content: '<p>一</p>' },
      ],
    });
    const id = created.data.id as number;
    expect(created.data).toMatchObject({
      state: 'draft',
      status: 0,
      publishAt: null,
      logo,
      title: 'First',
      languages: ['hk', 'en'],
      createdBy: `content@${DOMAIN}`,
      categoryId: 1,
    });
    expect(created.data.translations.map((t: any) => t.lang)).toEqual(['hk', 'en']);
    await publish(id);
    const updated = await content('POST', `/news/${id}`, {
      translations: [{ lang: 'jp', title: 'Dai ichi', content: '<p>jp</p>' }],
    });
    expect(updated.code, updated.msg).toBe(1);
    expect(updated.data).toMatchObject({
      state: 'published',
      logo: '',
      title: 'Dai ichi',
      languages: ['jp'],
    });
    expect(await rows(sql`select lang from news_translations where article_id = ${id}`)).toEqual([
      { lang: 'jp' },
    ]);
    expect((await info(id)).data).toMatchObject({ title: 'Dai ichi', lang: 'jp', logo: '' });
    await content('POST', `/news/${id}/unpublish`);

    const audit = await newsAudit(id);
    expect(audit.map((a) => a.action)).toEqual([
      'news.created',
      'news.published',
      'news.updated',
      'news.unpublished',
    ]);
    for (const a of audit) {
      expect(a.target_id).toBe(String(id));
      expect(a.staff_email).toBe(`content@${DOMAIN}`);
      // Summaries, not the HTML.
      expect(JSON.stringify(a.after)).not.toContain('<p>');
    }
    expect(audit[0]!.before).toBeNull();
    expect(audit[0]!.after).toMatchObject({
      state: 'draft',
      logo,
      languages: ['hk', 'en'],
      titles: { en: 'First', hk: '第一' },
      contentLength: { en: '<p>first</p>'.length, hk: '<p>一</p>'.length },
    });
    expect(audit[1]!.before).toMatchObject({ state: 'draft', publishAt: null });
    expect(audit[1]!.after).toMatchObject({
      state: 'published',
      publishAt: new Date(s.clock.ms).toISOString(),
    });
    expect(audit[2]!.before).toMatchObject({ languages: ['hk', 'en'], logo });
    expect(audit[2]!.after).toMatchObject({ languages: ['jp'], logo: '', titles: { jp: 'Dai ichi' } });
    expect(audit[3]!.after).toMatchObject({ state: 'draft' });
    // Reading writes nothing; a refused change writes nothing.
    await content('GET', `/news/${id}`);
    await content('GET', '/news');
    await content('POST', '/news/999999/publish', {});
    expect(await newsAudit(id)).toHaveLength(4);
  });

  it('uploads article images as public files (re-encoded, at most 1600 px) and refuses anything else', async () => {
    const big = await pngOf(2400, 1200, '#c9a227');
    const ok = await team.upload('content', '/news/images', big, 'chart.png');
    expect(ok.code, ok.msg).toBe(1);
    expect(Object.keys(ok.data)).toEqual(['url']);
    expect(ok.data.url).toMatch(/^\/static\/upload\/news\/[0-9a-f-]{36}\.png$/);
    const served = await fetch(`${s.baseUrl}${ok.data.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 800]);
    // The URL is one an article may use (logo and inline image).
    const used = await content('POST', '/news', {
      logo: ok.data.url,
      translations: [
        { lang: 'en', title: 'Chart', content: `<p><img src="${ok.data.url}" alt="chart"></p>` },
      ],
    });
    expect(used.data.logo).toBe(ok.data.url);
    expect(used.data.translations[0].content).toBe(`<p><img src="${ok.data.url}" alt="chart" /></p>`);

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
    expect((await team.upload('content', '/news/images', svg, 'x.svg', 'image/svg+xml')).code).toBe(1102);
    expect((await team.upload('content', '/news/images', Buffer.from('<p>hi</p>'), 'x.png')).code).toBe(1102);
    expect(
      (await team.upload('content', '/news/images', Buffer.alloc(6 * 1024 * 1024, 1), 'x.png')).code,
    ).toBe(1101);
    expect((await team.upload('support', '/news/images', big)).code).toBe(5107);
    expect((await team.upload('finance', '/news/images', big)).code).toBe(5107);
    const anonymous = new FormData();
    anonymous.append('file', new Blob([new Uint8Array(big)], { type: 'image/png' }), 'x.png');
    const res = await fetch(`${s.baseUrl}${STAFF_API_PREFIX}/news/images`, {
      method: 'POST',
      body: anonymous,
    });
    expect(((await res.json()) as Envelope).code).toBe(999);
  });

  it('lets the content role (and the owner) use the news calls; finance, support and no session are refused', async () => {
    const id = await draft('Roles');
    const calls = CONTENT_STAFF_CALLS.filter((c) => c.path.startsWith('/news') && c.path !== '/news/images');
    expect(calls).toHaveLength(6);
    const body = { translations: [{ lang: 'en', title: 'Roles', content: '<p>r</p>' }] };
    for (const c of calls) {
      const path = c.path.replace(':id', String(id));
      const payload = c.method === 'POST' ? body : undefined;
      for (const role of ['content', 'owner'] as StaffRole[])
        expect((await team.as(role, c.method, path, payload)).code, `${role} ${c.method} ${c.path}`).toBe(1);
      for (const role of ['finance', 'support'] as StaffRole[])
        expect((await team.as(role, c.method, path, payload)).code, `${role} ${c.method} ${c.path}`).toBe(
          5107,
        );
      expect((await team.as(null, c.method, path, payload)).code, `no session ${c.method} ${c.path}`).toBe(
        999,
      );
      // A trader's session is not a staff session.
      expect((await team.call('not-a-staff-token-000000', c.method, path, payload)).code).toBe(999);
    }
    // The public calls need no session at all.
    expect((await list()).code).toBe(1);
  });
});
