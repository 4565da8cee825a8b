import { COMPANY_SEARCH_LIMIT, CONTENT_STAFF_CALLS, type StaffRole } from '@meridian/contracts';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_SEEDS } from '../src/modules/company/company-seed.ts';
import { seedIfEmpty } from '../src/seed.ts';
import { DB_KINDS } from './support/databases.ts';
import { type Envelope, pngOf, staffTeam, teamOwnerEnv } from './support/staff-team.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const DOMAIN = 'company.test';

describe.each(DB_KINDS)('company directory on %s', (kind) => {
  let s: TestServer;
  let team: Awaited<ReturnType<typeof staffTeam>>;
  const content = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    team.as('content', method, url, body);

  const pub = async (url: string, headers: Record<string, string> = {}): Promise<Envelope> =>
    (await s.app.inject({ method: 'GET', url, headers: { lang: 'en', ...headers } })).json() as Envelope;
  const search = async (name?: string) => {
    const r = await pub(
      `/api/company/getCompany${name === undefined ? '' : `?${new URLSearchParams({ name })}`}`,
    );
    expect(r.code, r.msg).toBe(1);
    return (r.data as Array<{ name: string }>).map((c) => c.name);
  };
  const status = (query = '', cookie?: string) =>
    pub(`/api/company/getCompanyStatus${query ? `?${query}` : ''}`, cookie === undefined ? {} : { cookie });
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await s.database.db.execute(query)) as unknown as { rows: Array<Record<string, any>> }).rows;
  const auditOf = (id: number) =>
    rows(
      sql`select action, before, after, staff_email from staff_audit where target_type = 'company' and target_id = ${String(id)} order by id`,
    );
  const companyAudits = async () =>
    Number((await rows(sql`select count(*)::int as n from staff_audit where target_type = 'company'`))[0]!.n);

  /** A company with the fields a form sends (a name is enough). */
  const company = (name: string, more: Record<string, unknown> = {}) => ({
    name,
    url: `https://${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.example.com/`,
    subject: `${name} Holdings`,
    registeredAddress: '1 Example Road\nHong Kong',
    location: '2 Sample Street, Kowloon',
    email: 'desk@example.com',
    ...more,
  });
  async function create(name: string, more: Record<string, unknown> = {}) {
    const r = await content('POST', '/companies', company(name, more));
    expect(r.code, `${name}: ${r.msg}`).toBe(1);
    return r.data as { id: number; name: string } & Record<string, unknown>;
  }

  beforeAll(async () => {
    s = await startTestServer(kind, { env: teamOwnerEnv(DOMAIN) });
    team = await staffTeam(s, DOMAIN, ['content', 'finance', 'support']);
  }, 120_000);
  afterAll(() => s?.stop());

  it('a fresh install lists the example companies by name, with every field and their logos served', async () => {
    const r = await pub('/api/company/getCompany');
    expect(r.code).toBe(1);
    expect(r.data).toHaveLength(COMPANY_SEEDS.length);
    expect(r.data.map((c: any) => c.name)).toEqual(COMPANY_SEEDS.map((c) => c.name).sort());
    for (const c of r.data) {
      expect(Object.keys(c).sort()).toEqual(
        ['email', 'id', 'location', 'logo', 'name', 'registered_address', 'subject', 'url'].sort(),
      );
      expect(c.url).toMatch(/^https:\/\/[a-z-]+\.example\.com\/$/);
      expect(c.email).toMatch(/@[a-z-]+\.example\.com$/);
      expect(c.name).toContain('(example)');
      expect(c.logo).toMatch(/^\/static\/upload\/company\/[0-9a-f-]{36}\.png$/);
      const logo = await s.app.inject({ method: 'GET', url: c.logo });
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['content-type']).toBe('image/png');
      const meta = await sharp(logo.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([256, 256]);
    }
    // The next start adds nothing.
    await seedIfEmpty(s.database.db, '100000.00', s.clock.ms);
    expect(await search()).toHaveLength(COMPANY_SEEDS.length);
  });

  it('searches names containing the text, whatever the case; % and _ are plain characters', async () => {
    await create('100% Capital');
    await create('Under_Score Ltd');
    await create('UnderXScore Ltd');
    await create('Back\\slash Partners');
    expect(await search('%')).toEqual(['100% Capital']);
    expect(await search('_')).toEqual(['Under_Score Ltd']);
    expect(await search('under_')).toEqual(['Under_Score Ltd']);
    expect(await search('UNDER')).toEqual(['Under_Score Ltd', 'UnderXScore Ltd']);
    expect(await search('\\')).toEqual(['Back\\slash Partners']);
    expect(await search('capital')).toEqual(['100% Capital', 'Harbourline Capital (example)']);
    expect(await search('%_%')).toEqual([]);
    expect(await search('nothing like this')).toEqual([]);
    expect(await search('')).toEqual(await search());
    // Control characters and over-long text are refused at the edge.
    expect((await pub('/api/company/getCompany?name=a%00b')).code).toBe(1001);
    expect((await pub(`/api/company/getCompany?name=${'a'.repeat(101)}`)).code).toBe(1001);
  });

  it('leaves suspended companies out of search and answers at most the search limit', async () => {
    const gone = await create('Suspended Search Co');
    expect(await search('Suspended Search')).toEqual(['Suspended Search Co']);
    const suspended = await content('POST', '/companies', {
      ...company('Suspended Search Co'),
      id: gone.id,
      status: 1,
      lossUrl: 'https://elsewhere.example.com/',
    });
    expect(suspended.code, suspended.msg).toBe(1);
    expect(await search('Suspended Search')).toEqual([]);
    // Staff still see it.
    expect((await content('GET', '/companies?q=Suspended')).data.rows.map((c: any) => c.name)).toEqual([
      'Suspended Search Co',
    ]);
    for (let i = 0; i < COMPANY_SEARCH_LIMIT + 5; i++) await create(`Bulk ${String(i).padStart(3, '0')} Co`);
    const bulk = await search('Bulk');
    expect(bulk).toHaveLength(COMPANY_SEARCH_LIMIT);
    expect(bulk[0]).toBe('Bulk 000 Co');
    expect(bulk.at(-1)).toBe(`Bulk ${String(COMPANY_SEARCH_LIMIT - 1).padStart(3, '0')} Co`);
  });

  it('reports the status of the company asked, else of the company_id cookie; none, unknown or garbled is 0', async () => {
    const open = await create('Open Status Co');
    const closed = await create('Closed Status Co', {
      status: 1,
      lossUrl: 'https://closed.example.com/moved',
    });
    const stay = { code: 1, msg: 'Success', data: { status: 0, loss_url: '' } };
    const leave = {
      code: 1,
      msg: 'Success',
      data: { status: 1, loss_url: 'https://closed.example.com/moved' },
    };
    expect(await status(`id=${open.id}`)).toEqual(stay);
    expect(await status(`id=${closed.id}`)).toEqual(leave);
    expect(await status('', `company_id=${closed.id}`)).toEqual(leave);
    expect(await status('', `lang=en; company_id=${closed.id}; other=x`)).toEqual(leave);
    expect(await status('', `company_id=%20${closed.id}%20`)).toEqual(leave);
    expect(await status('', `company_id=${open.id}`)).toEqual(stay);
    // The id asked wins over the cookie.
    expect(await status(`id=${open.id}`, `company_id=${closed.id}`)).toEqual(stay);
    expect(await status(`id=${closed.id}`, `company_id=${open.id}`)).toEqual(leave);
    for (const cookie of [
      '',
      'company_id=',
      'company_id=abc',
      'company_id=-1',
      'company_id=0',
      `company_id=${closed.id}abc`,
      'company_id=1e3',
      'company_id=99999999999',
      'company_id=2147483648',
      'company_id=999999',
      'company_id=%E0%A4%A',
      'company_id="',
      'companyid=1',
      ';;;=;company_id',
      'x'.repeat(4000),
    ])
      expect(await status('', cookie), cookie.slice(0, 40)).toEqual(stay);
    expect(await status()).toEqual(stay);
    expect(await status('id=999999')).toEqual(stay);
    // The id asked is a row id or refused.
    for (const bad of ['id=abc', 'id=0', 'id=-1', 'id=2147483648'])
      expect((await status(bad)).code, bad).toBe(1001);
    // A company back in service lets its visitors stay again.
    const reopened = await content('POST', '/companies', { ...company('Closed Status Co'), id: closed.id });
    expect(reopened.data).toMatchObject({ status: 0, lossUrl: '' });
    expect(await status('', `company_id=${closed.id}`)).toEqual(stay);
  });

  it('creates and changes companies, audited with before and after; names are unique whatever their case', async () => {
    const before = await companyAudits();
    const made = await create('Audit Trail Co', { email: '' });
    expect(made).toMatchObject({
      name: 'Audit Trail Co',
      url: 'https://audit-trail-co.example.com/',
      subject: 'Audit Trail Co Holdings',
      registeredAddress: '1 Example Road\nHong Kong',
      location: '2 Sample Street, Kowloon',
      email: '',
      logo: '',
      status: 0,
      lossUrl: '',
      updatedAt: new Date(s.clock.ms).toISOString(),
    });
    s.clock.advance(1_000);
    const changed = await content('POST', '/companies', {
      ...company('Audit Trail Company'),
      id: made.id,
      status: 1,
      lossUrl: 'https://moved.example.com/',
    });
    expect(changed.code, changed.msg).toBe(1);
    expect(changed.data).toMatchObject({ id: made.id, name: 'Audit Trail Company', status: 1 });
    expect(changed.data.updatedAt).toBe(new Date(s.clock.ms).toISOString());
    const audit = await auditOf(made.id);
    expect(audit.map((a) => a.action)).toEqual(['company.created', 'company.updated']);
    expect(audit[0]).toMatchObject({ before: null, staff_email: `content@${DOMAIN}` });
    expect(audit[0]!.after).toMatchObject({ id: made.id, name: 'Audit Trail Co', status: 0, email: '' });
    expect(audit[1]!.before).toMatchObject({ name: 'Audit Trail Co', status: 0, lossUrl: '' });
    expect(audit[1]!.after).toMatchObject({
      name: 'Audit Trail Company',
      status: 1,
      lossUrl: 'https://moved.example.com/',
    });

    // Another company's name in any case, on create or on rename, is refused and audits nothing.
    const exists = { code: 5124, msg: 'A company with this name already exists', data: null };
    const counted = await companyAudits();
    expect(await content('POST', '/companies', company('audit trail COMPANY'))).toEqual(exists);
    expect(await content('POST', '/companies', company('Harbourline Capital (EXAMPLE)'))).toEqual(exists);
    const other = await create('Another Name Co');
    expect(await content('POST', '/companies', { ...company('AUDIT TRAIL company'), id: other.id })).toEqual(
      exists,
    );
    // Its own name in another case is a change, not a clash.
    expect((await content('POST', '/companies', { ...company('ANOTHER NAME CO'), id: other.id })).code).toBe(
      1,
    );
    expect(await companyAudits()).toBe(counted + 2);
    expect(await content('POST', '/companies', { ...company('Ghost Co'), id: 999_999 })).toMatchObject({
      code: 7201,
    });
    expect(await companyAudits()).toBe(before + 4);
  });

  it('gives one company and STAFF_COMPANY_EXISTS to the others when several save the same new name at once', async () => {
    const racers = await Promise.all(
      ['Race Co', 'RACE CO', 'race co', 'Race co', 'rACE cO'].map((name) =>
        content('POST', '/companies', company(name)),
      ),
    );
    expect(racers.filter((r) => r.code === 1)).toHaveLength(1);
    expect(racers.filter((r) => r.code === 5124)).toHaveLength(4);
    expect(await rows(sql`select name from companies where lower(name) = 'race co'`)).toHaveLength(1);
    // Two renames to one name at once: one wins.
    const [a, b] = [await create('Rename A Co'), await create('Rename B Co')];
    const renames = await Promise.all(
      [a, b].map((c) => content('POST', '/companies', { ...company('Renamed Co'), id: c.id })),
    );
    expect(renames.map((r) => r.code).sort()).toEqual([1, 5124]);
  });

  it('refuses fields a company may not have', async () => {
    const counted = await companyAudits();
    for (const [what, body] of [
      ['no name', { ...company('x'), name: '' }],
      ['control character', company('Bad\u0007Name')],
      ['long name', company('n'.repeat(101))],
      ['javascript url', { ...company('Js Co'), url: 'javascript:alert(1)' }],
      ['ftp url', { ...company('Ftp Co'), url: 'ftp://files.example.com/' }],
      ['no url', { ...company('No Url Co'), url: '' }],
      [
        'data loss url',
        { ...company('Data Co'), status: 1, lossUrl: 'data:text/html,<script>alert(1)</script>' },
      ],
      ['suspended without loss url', { ...company('Lossless Co'), status: 1, lossUrl: '' }],
      ['unknown status', { ...company('Status Co'), status: 2, lossUrl: 'https://x.example.com/' }],
      ['bad e-mail', { ...company('Mail Co'), email: 'not-an-email' }],
      ['foreign logo', { ...company('Logo Co'), logo: 'https://evil.example/logo.png' }],
      ['bad id', { ...company('Id Co'), id: 0 }],
    ] as const)
      expect((await content('POST', '/companies', body)).code, what).toBe(1001);
    expect(await companyAudits()).toBe(counted);
  });

  it('lists every company for staff by name, q matching names literally, with paging', async () => {
    const all = await content('GET', '/companies?pageSize=200');
    expect(all.code).toBe(1);
    const names = all.data.rows.map((c: any) => c.name);
    // By name (the database's collation decides punctuation; plain names are in plain order).
    const bulk = names.filter((n: string) => n.startsWith('Bulk '));
    expect(bulk).toHaveLength(COMPANY_SEARCH_LIMIT + 5);
    expect(bulk).toEqual([...bulk].sort());
    expect(names.indexOf('Audit Trail Company')).toBeLessThan(names.indexOf('Bulk 000 Co'));
    expect(all.data.total).toBe(names.length);
    const page2 = await content('GET', '/companies?page=2&pageSize=3');
    expect(page2.data.rows.map((c: any) => c.name)).toEqual(names.slice(3, 6));
    expect(page2.data.total).toBe(all.data.total);
    expect((await content('GET', '/companies?page=100000')).data).toEqual({
      rows: [],
      total: all.data.total,
    });
    expect((await content('GET', '/companies?q=%25')).data.rows.map((c: any) => c.name)).toEqual([
      '100% Capital',
    ]);
    const first = all.data.rows[0];
    expect(Object.keys(first).sort()).toEqual(
      [
        'email',
        'id',
        'location',
        'logo',
        'lossUrl',
        'name',
        'registeredAddress',
        'status',
        'subject',
        'updatedAt',
        'url',
      ].sort(),
    );
    for (const bad of ['page=0', 'pageSize=0', 'pageSize=201', 'q=a%00'])
      expect((await content('GET', `/companies?${bad}`)).code, bad).toBe(1001);
  });

  it('uploads company logos as public files of at most 256 px; the URL is one a company may use', async () => {
    const ok = await team.upload('content', '/companies/logo', await pngOf(1000, 500, '#a33'), 'logo.png');
    expect(ok.code, ok.msg).toBe(1);
    expect(Object.keys(ok.data)).toEqual(['url']);
    expect(ok.data.url).toMatch(/^\/static\/upload\/company\/[0-9a-f-]{36}\.png$/);
    const served = await fetch(`${s.baseUrl}${ok.data.url}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([256, 128]);
    const withLogo = await create('Logo Holder Co', { logo: ok.data.url });
    expect(withLogo.logo).toBe(ok.data.url);
    expect((await pub(`/api/company/getCompany?name=Logo%20Holder`)).data[0].logo).toBe(ok.data.url);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await team.upload('content', '/companies/logo', svg, 'x.svg', 'image/svg+xml')).code).toBe(1102);
    expect((await team.upload('finance', '/companies/logo', await pngOf(10, 10))).code).toBe(5107);
  });

  it('lets the content role (and the owner) use the company calls; finance, support and no session are refused', async () => {
    const calls = CONTENT_STAFF_CALLS.filter((c) => c.path === '/companies');
    expect(calls.map((c) => c.method).sort()).toEqual(['GET', 'POST']);
    let n = 0;
    for (const c of calls) {
      const body = () => (c.method === 'POST' ? company(`Role Check ${n++}`) : undefined);
      for (const role of ['content', 'owner'] as StaffRole[])
        expect((await team.as(role, c.method, c.path, body())).code, `${role} ${c.method}`).toBe(1);
      for (const role of ['finance', 'support'] as StaffRole[])
        expect((await team.as(role, c.method, c.path, body())).code, `${role} ${c.method}`).toBe(5107);
      expect((await team.as(null, c.method, c.path, body())).code).toBe(999);
    }
    // The refused saves created nothing.
    expect(await search('Role Check')).toEqual(['Role Check 0', 'Role Check 1']);
  });
});
