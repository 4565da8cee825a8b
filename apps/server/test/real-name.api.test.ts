import { STAFF_API_PREFIX, STAFF_ROLES, type StaffRole } from '@meridian/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentTotp } from '../src/modules/staff/totp.ts';
import { getJson, postForm, registerEmail, sqlCount } from './support/accounts.ts';
import { DB_KINDS } from './support/databases.ts';
import { freshCardId, pngOf, uploadImage, verifyRealName } from './support/real-name.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

type Envelope = { code: number; msg: string; data: any };
const OWNER = { email: 'owner@real-name.test', password: 'owner-password-1' };
const PASSWORD = 'staff-password-1';
const NOT_SUBMITTED = {
  name: '',
  card_id: '',
  front_pic: '',
  reverse_pic: '',
  review_status: 0,
  reject_reason: '',
  submitted_at: '',
};

describe.each(DB_KINDS)('real-name verification on %s', (kind) => {
  let s: TestServer;
  const tokens = {} as Record<StaffRole, string>;

  const center = (token: string) => getJson(s, '/api/user_real/center', { authorization: token });
  /** The submit call as JSON (`form: true`: as the spec's client posts a form). */
  const submit = async (token: string, body: Record<string, string>, form = false): Promise<Envelope> =>
    form
      ? postForm(s, '/api/user_real/real_name', body, { authorization: token })
      : ((
          await s.app.inject({
            method: 'POST',
            url: '/api/user_real/real_name',
            headers: { authorization: token, lang: 'en', 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          })
        ).json() as Envelope);
  const staff = async (
    role: StaffRole,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<Envelope> =>
    (
      await s.app.inject({
        method,
        url: `${STAFF_API_PREFIX}${path}`,
        headers: {
          authorization: `Bearer ${tokens[role]}`,
          lang: 'en',
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        },
        ...(method === 'POST' ? { payload: JSON.stringify(body ?? {}) } : {}),
      })
    ).json() as Envelope;
  /** A private file read as a trader (`token`) or as staff (`Bearer`): the bytes' type, or the envelope's code. */
  const read = async (url: string, authorization?: string) => {
    const res = await s.app.inject({
      method: 'GET',
      url,
      headers: { lang: 'en', ...(authorization ? { authorization } : {}) },
    });
    const type = res.headers['content-type'] as string;
    return type.startsWith('image/') ? type : (res.json() as Envelope).code;
  };
  const staffUrl = (url: string) => url.replace('/api/common/file/', `${STAFF_API_PREFIX}/files/`);
  const auditRows = async (targetId: number) =>
    (
      (await s.database.db.execute(
        sql`select action, target_type, before, after, staff_email from staff_audit
            where target_type = 'real_name' and target_id = ${String(targetId)} order by id`,
      )) as unknown as { rows: Array<Record<string, any>> }
    ).rows;
  const uploadKind = (url: string) =>
    s.database.db
      .execute(sql`select kind from uploads where name = ${url.split('/').pop()!}`)
      .then((r) => (r as unknown as { rows: Array<{ kind: string }> }).rows[0]?.kind);
  /** A new trader with two uploaded images (other colours, other bytes). */
  async function trader(email: string) {
    const { token, user } = await registerEmail(s, email);
    const front = (await uploadImage(s, token, await pngOf('#1a5'))).data.url as string;
    const back = (await uploadImage(s, token, await pngOf('#a51'))).data.url as string;
    return { token, user, front, back };
  }
  const submissionIdOf = async (cardId: string) =>
    (await staff('compliance', 'GET', `/real-names?q=${cardId}`)).data.rows[0].id as number;

  beforeAll(async () => {
    s = await startTestServer(kind, { env: { ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password } });
    s.tick(5_000);
    const login = async (email: string, password: string) =>
      (
        await s.app.inject({
          method: 'POST',
          url: `${STAFF_API_PREFIX}/auth/login`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ email, password }),
        })
      ).json() as Envelope;
    const enrol = async (role: StaffRole) => {
      const start = await staff(role, 'POST', '/auth/totp/start');
      expect(
        (await staff(role, 'POST', '/auth/totp/confirm', { code: currentTotp(start.data.secret) })).code,
      ).toBe(1);
    };
    tokens.owner = (await login(OWNER.email, OWNER.password)).data.token;
    await enrol('owner');
    for (const role of STAFF_ROLES.filter((r) => r !== 'owner')) {
      const created = await staff('owner', 'POST', '/staff', {
        email: `${role}@real-name.test`,
        name: role,
        role,
        password: PASSWORD,
      });
      expect(created.code, created.msg).toBe(1);
      tokens[role] = (await login(`${role}@real-name.test`, PASSWORD)).data.token;
      if (role === 'finance') await enrol('finance');
    }
  }, 120_000);
  afterAll(() => s?.stop());

  it('answers status 0 with empty fields before any submission; refuses demo accounts and no session', async () => {
    const { token } = await registerEmail(s, 'fresh@real-name.test');
    expect(await center(token)).toEqual({ code: 1, msg: 'Success', data: NOT_SUBMITTED });
    const demo = (await getJson(s, '/api/user/createAccountDemoForU?demo_id=real-name-demo-0001')).data.token;
    const refused = { code: 7001, msg: 'Please register or log in to a real account', data: null };
    expect(await center(demo)).toEqual(refused);
    const url = (await uploadImage(s, token)).data.url;
    expect(
      await submit(demo, { name: 'Demo', card_id: 'AB123456', front_pic: url, reverse_pic: url }),
    ).toEqual(refused);
    const sessions: Array<Record<string, string>> = [{}, { authorization: `Bearer ${tokens.owner}` }];
    for (const headers of sessions) {
      expect((await getJson(s, '/api/user_real/center', headers)).code).toBe(999);
      expect((await postForm(s, '/api/user_real/real_name', { name: 'X' }, headers)).code).toBe(999);
    }
  });

  it('refuses an incomplete or invalid submission with its own message, and records nothing', async () => {
    const a = await trader('validate@real-name.test');
    const other = await trader('validate-other@real-name.test');
    const ok = { name: 'Jane Doe', card_id: 'AB123456', front_pic: a.front, reverse_pic: a.back };
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ ...ok, name: '' }, 7002, 'Please enter your name and ID number'],
      [{ ...ok, name: '   ' }, 7002, 'Please enter your name and ID number'],
      [{ ...ok, card_id: '' }, 7002, 'Please enter your name and ID number'],
      [{ ...ok, front_pic: '' }, 7003, 'Please upload the front and back of your ID'],
      [{ ...ok, reverse_pic: ' ' }, 7003, 'Please upload the front and back of your ID'],
      [{ ...ok, card_id: 'AB1' }, 7005, 'Please enter a valid ID number'],
      [{ ...ok, card_id: 'AB#12345' }, 7005, 'Please enter a valid ID number'],
      [{ ...ok, card_id: 'A'.repeat(33) }, 7005, 'Please enter a valid ID number'],
      [{ ...ok, card_id: '身份證123456' }, 7005, 'Please enter a valid ID number'],
      // Another user's upload, a guessed name, a path that is not a private file, a public file.
      [{ ...ok, front_pic: other.front }, 7004, 'This image could not be found. Please upload it again'],
      [{ ...ok, reverse_pic: `/api/common/file/${crypto.randomUUID()}.png` }, 7004, ''],
      [{ ...ok, front_pic: `/static/upload/${a.front.split('/').pop()}` }, 7004, ''],
      [{ ...ok, front_pic: `https://evil.example/x${a.front}` }, 7004, ''],
      [{ ...ok, front_pic: 'javascript:alert(1)' }, 7004, ''],
      [
        { ...ok, reverse_pic: a.front },
        7009,
        'Please upload two different images for the front and the back of your ID',
      ],
    ];
    for (const [body, code, msg] of cases) {
      const r = await submit(a.token, body);
      expect(r.code, JSON.stringify(body)).toBe(code);
      if (msg) expect(r.msg).toBe(msg);
    }
    // Control characters in the name are refused at the edge (the contract's plainText).
    for (const name of ['Jane\u0000Doe', 'Jane\nDoe', 'Jane\u202eDoe']) {
      const r = await submit(a.token, { ...ok, name });
      expect(r.code, JSON.stringify(name)).toBe(1001);
      expect(r.msg).toBe('Invalid value for name');
    }
    expect((await submit(a.token, { ...ok, name: 'J'.repeat(101) })).code).toBe(1001);
    // A deposit's proof is not an ID image (finance must keep reading it).
    const proof = (await uploadImage(s, a.token, await pngOf('#333'))).data.url;
    const options = (await getJson(s, '/api/quickCharge/info', { authorization: a.token })).data;
    const deposit = await getJson(
      s,
      `/api/quickCharge/submit?number=100&address=Tsender&charge_id=${options[0].id}&proofImg=${encodeURIComponent(proof)}`,
      { authorization: a.token },
    );
    expect(deposit.code, deposit.msg).toBe(1);
    expect((await submit(a.token, { ...ok, front_pic: proof })).code).toBe(7004);
    expect(await center(a.token)).toMatchObject({ code: 1, data: NOT_SUBMITTED });
    expect(await sqlCount(s, sql`select count(*) as n from real_name_submissions`)).toBe(0);
    expect([await uploadKind(a.front), await uploadKind(a.back), await uploadKind(other.front)]).toEqual([
      'proof',
      'proof',
      'proof',
    ]);
  });

  it('takes a submission (form or JSON, full URLs too), then refuses another while it waits; the images turn private to compliance', async () => {
    const a = await trader('submit@real-name.test');
    const sent = await submit(
      a.token,
      {
        name: 'Chan Tai Man',
        card_id: ' a123 456-7 ',
        front_pic: `http://127.0.0.1:8080${a.front}`,
        reverse_pic: a.back,
      },
      true,
    );
    expect(sent).toMatchObject({ code: 1, msg: 'Submitted. We will review your documents shortly' });
    // The ID number as stored: no spaces, upper case.
    const record = {
      name: 'Chan Tai Man',
      card_id: 'A123456-7',
      front_pic: a.front,
      reverse_pic: a.back,
      review_status: 1,
      reject_reason: '',
    };
    expect(sent.data).toMatchObject(record);
    const read1 = await center(a.token);
    expect(read1.data).toEqual({ ...record, submitted_at: sent.data.submitted_at });
    // Sent on the test clock's Wednesday just after noon UTC: the same in London (GMT in November).
    expect(read1.data.submitted_at).toMatch(/^2026-11-18 12:00:\d{2}$/);
    expect([await uploadKind(a.front), await uploadKind(a.back)]).toEqual(['kyc', 'kyc']);

    // While it waits: refused, whatever is sent.
    const more = await trader('submit-more@real-name.test');
    const again = await submit(a.token, {
      name: 'X Y',
      card_id: 'ZZ999999',
      front_pic: a.front,
      reverse_pic: a.back,
    });
    expect(again).toMatchObject({ code: 7006, msg: 'Your verification is waiting for review' });
    expect(
      (await submit(more.token, { name: 'X', card_id: 'ZZ9999', front_pic: a.front, reverse_pic: more.back }))
        .code,
    ).toBe(7004);

    // Private: the owner reads both images; another trader, nobody and a guessed name do not.
    expect(await read(a.front, a.token)).toBe('image/png');
    expect(await read(a.back, a.token)).toBe('image/png');
    expect(await read(a.front, more.token)).toBe(1104);
    expect(await read(a.front)).toBe(999);
    expect(await read(`/api/common/file/${crypto.randomUUID()}.png`, a.token)).toBe(1104);
    // Staff: compliance and the owner role read them; finance and support are told there is no such
    // file; roles that read no private file at all are refused as such.
    const id = await submissionIdOf('A123456-7');
    const detail = await staff('compliance', 'GET', `/real-names/${id}`);
    expect(detail.data.submission.frontUrl).toBe(staffUrl(a.front));
    expect(detail.data.submission.reverseUrl).toBe(staffUrl(a.back));
    for (const url of [detail.data.submission.frontUrl, detail.data.submission.reverseUrl]) {
      expect(await read(url, `Bearer ${tokens.compliance}`)).toBe('image/png');
      expect(await read(url, `Bearer ${tokens.owner}`)).toBe('image/png');
      expect(await read(url, `Bearer ${tokens.finance}`)).toBe(1104);
      expect(await read(url, `Bearer ${tokens.support}`)).toBe(1104);
      expect(await read(url, `Bearer ${tokens.dealer}`)).toBe(5107);
      expect(await read(url, `Bearer ${tokens.content}`)).toBe(5107);
      expect(await read(url, a.token)).toBe(999);
      expect(await read(url)).toBe(999);
    }
    expect(
      await read(`${STAFF_API_PREFIX}/files/${crypto.randomUUID()}.png`, `Bearer ${tokens.compliance}`),
    ).toBe(1104);
    // Deposit proofs stay readable by finance and support; an ID image cannot become one.
    const proof = (await uploadImage(s, a.token, await pngOf('#777'))).data.url;
    expect(await read(staffUrl(proof), `Bearer ${tokens.finance}`)).toBe('image/png');
    expect(await read(staffUrl(proof), `Bearer ${tokens.support}`)).toBe('image/png');
    const options = (await getJson(s, '/api/quickCharge/info', { authorization: a.token })).data;
    const asProof = await getJson(
      s,
      `/api/quickCharge/submit?number=100&address=Tsender&charge_id=${options[0].id}&proofImg=${encodeURIComponent(a.front)}`,
      { authorization: a.token },
    );
    expect(asProof.code).toBe(6014);
  });

  it('lets exactly one of concurrent submissions in, never a server error', async () => {
    const { token } = await registerEmail(s, 'racer@real-name.test');
    const images: string[] = [];
    for (let i = 0; i < 10; i++)
      images.push((await uploadImage(s, token, await pngOf(`#${i}${i}${i}`))).data.url);
    // Five with images of their own (the unique index decides) and three sharing a pair (the lock does).
    const bodies = [0, 2, 4, 6, 8].map((i) => ({
      name: 'Racer',
      card_id: `RACE${i}`,
      front_pic: images[i]!,
      reverse_pic: images[i + 1]!,
    }));
    bodies.push(bodies[0]!, bodies[0]!, bodies[1]!);
    const results = await Promise.all(bodies.map((b) => submit(token, b)));
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    for (const r of results.filter((x) => x.code !== 1)) expect(r.code, r.msg).toBe(7006);
    expect(
      await sqlCount(
        s,
        sql`select count(*) as n from real_name_submissions r join users u on u.id = r.user_id
            where u.email = 'racer@real-name.test'`,
      ),
    ).toBe(1);
    // Only the winner's images became ID images.
    const won = (await center(token)).data;
    const kinds = await Promise.all(images.map(uploadKind));
    expect(kinds.filter((k) => k === 'kyc')).toHaveLength(2);
    expect(await uploadKind(won.front_pic)).toBe('kyc');
    expect(await uploadKind(won.reverse_pic)).toBe('kyc');
  });

  it('rejects with a reason the trader reads and a note only staff read; the trader resubmits; approval is final', async () => {
    const a = await trader('review@real-name.test');
    const cardId = freshCardId();
    expect(
      (
        await submit(a.token, {
          name: 'Lee Siu Ming',
          card_id: cardId,
          front_pic: a.front,
          reverse_pic: a.back,
        })
      ).code,
    ).toBe(1);
    const first = await submissionIdOf(cardId);

    // The reason is required (3 characters or more) and free of control characters.
    for (const body of [{}, { reason: 'no' }, { reason: 'Blurry\u0007photo' }])
      expect(
        (await staff('compliance', 'POST', `/real-names/${first}/reject`, body)).code,
        JSON.stringify(body),
      ).toBe(1001);
    const rejected = await staff('compliance', 'POST', `/real-names/${first}/reject`, {
      reason: 'The photo of the back is blurred',
      note: 'Looks like a screen photo.\nAsk for originals.',
    });
    expect(rejected.code, rejected.msg).toBe(1);
    expect(rejected.data).toMatchObject({
      id: first,
      status: 3,
      rejectReason: 'The photo of the back is blurred',
      staffNote: 'Looks like a screen photo.\nAsk for originals.',
      reviewedBy: 'compliance@real-name.test',
      uid: a.user.uid,
      account: 'review@real-name.test',
    });
    expect(rejected.data.reviewedAt).toMatch(/Z$/);
    const seen = (await center(a.token)).data;
    expect(seen).toMatchObject({ review_status: 3, reject_reason: 'The photo of the back is blurred' });
    expect(JSON.stringify(seen)).not.toContain('screen photo');
    expect(await auditRows(first)).toEqual([
      {
        action: 'real_name.reject',
        target_type: 'real_name',
        staff_email: 'compliance@real-name.test',
        before: { status: 1, reason: '', note: '', by: '' },
        after: {
          status: 3,
          reason: 'The photo of the back is blurred',
          note: 'Looks like a screen photo.\nAsk for originals.',
          by: 'compliance@real-name.test',
        },
      },
    ]);
    // Decided: a second decision is refused and writes nothing.
    expect(await staff('compliance', 'POST', `/real-names/${first}/approve`, {})).toMatchObject({
      code: 5117,
      msg: 'This request has already been reviewed',
    });
    expect(await auditRows(first)).toHaveLength(1);

    // Resubmitted (a new back, the same front): waiting again, the rejection kept in the history.
    const newBack = (await uploadImage(s, a.token, await pngOf('#0af'))).data.url;
    const resent = await submit(a.token, {
      name: 'Lee Siu Ming',
      card_id: cardId,
      front_pic: a.front,
      reverse_pic: newBack,
    });
    expect(resent.code, resent.msg).toBe(1);
    expect((await center(a.token)).data).toMatchObject({
      review_status: 1,
      reject_reason: '',
      reverse_pic: newBack,
    });
    const second = (await staff('compliance', 'GET', `/real-names?status=1&q=${cardId}`)).data.rows[0].id;
    expect(second).toBeGreaterThan(first);
    const detail = await staff('compliance', 'GET', `/real-names/${second}`);
    expect(detail.data.history.map((h: any) => [h.id, h.status])).toEqual([[first, 3]]);
    // Its own earlier submission is no other account.
    expect(detail.data.submission.sameCardAccounts).toBe(0);
    expect(detail.data.sameCard).toEqual([]);
    expect(detail.data.user).toMatchObject({
      id: a.user.id,
      uid: a.user.uid,
      account: 'review@real-name.test',
    });

    const approved = await staff('compliance', 'POST', `/real-names/${second}/approve`, {
      note: 'Originals seen',
    });
    expect(approved.data).toMatchObject({
      id: second,
      status: 2,
      rejectReason: '',
      staffNote: 'Originals seen',
    });
    expect((await center(a.token)).data).toMatchObject({
      review_status: 2,
      reject_reason: '',
      name: 'Lee Siu Ming',
    });
    expect(
      (await auditRows(second)).map((r) => [r.action, r.before.status, r.after.status, r.after.note]),
    ).toEqual([['real_name.approve', 1, 2, 'Originals seen']]);
    // Approved: read-only, nothing more is taken.
    const more = (await uploadImage(s, a.token, await pngOf('#fa0'))).data.url;
    expect(
      await submit(a.token, {
        name: 'Other Name',
        card_id: 'ZZ123456',
        front_pic: more,
        reverse_pic: newBack,
      }),
    ).toMatchObject({ code: 7007, msg: 'Your identity has already been verified' });
    expect(
      (await staff('compliance', 'POST', `/real-names/${second}/reject`, { reason: 'Changed my mind' })).code,
    ).toBe(5117);
    // The user page tells staff the status and which submission it is.
    const user = await staff('support', 'GET', `/users/${a.user.id}`);
    expect(user.data.realName).toEqual({ status: 2, submissionId: second });
  });

  it('lets exactly one of two reviewers racing on a submission decide, with one audit entry', async () => {
    for (const round of [0, 1, 2]) {
      const a = await trader(`review-race-${round}@real-name.test`);
      const cardId = freshCardId();
      expect(
        (await submit(a.token, { name: 'Race', card_id: cardId, front_pic: a.front, reverse_pic: a.back }))
          .code,
      ).toBe(1);
      const id = await submissionIdOf(cardId);
      const answers = await Promise.all([
        staff('compliance', 'POST', `/real-names/${id}/approve`, {}),
        staff('owner', 'POST', `/real-names/${id}/reject`, { reason: 'Mismatch of names' }),
        staff('compliance', 'POST', `/real-names/${id}/approve`, { note: 'again' }),
      ]);
      expect(answers.map((r) => r.code).sort()).toEqual([1, 5117, 5117]);
      const audit = await auditRows(id);
      expect(audit).toHaveLength(1);
      const winner = answers.find((r) => r.code === 1)!.data;
      expect(audit[0]!.after.status).toBe(winner.status);
      expect((await center(a.token)).data.review_status).toBe(winner.status);
    }
  });

  it('lists submissions by status and search, pages within bounds, flags ID numbers other accounts use, and refuses unknown ids', async () => {
    const shared = freshCardId();
    const people = [];
    for (const n of [1, 2, 3]) {
      const p = await trader(`list-${n}@real-name.test`);
      expect(
        (
          await submit(p.token, {
            name: `Shared Card ${n}`,
            card_id: shared,
            front_pic: p.front,
            reverse_pic: p.back,
          })
        ).code,
      ).toBe(1);
      people.push(p);
    }
    const waiting = await staff('compliance', 'GET', `/real-names?status=1&q=${shared}`);
    expect(waiting.data.total).toBe(3);
    // The queue: oldest first; each flagged with the two other accounts.
    expect(waiting.data.rows.map((r: any) => r.name)).toEqual([
      'Shared Card 1',
      'Shared Card 2',
      'Shared Card 3',
    ]);
    expect(waiting.data.rows.map((r: any) => r.sameCardAccounts)).toEqual([2, 2, 2]);
    // Any other filter: newest first.
    const all = await staff('compliance', 'GET', `/real-names?q=${shared.toLowerCase()}`);
    expect(all.data.rows.map((r: any) => r.name)).toEqual([
      'Shared Card 3',
      'Shared Card 2',
      'Shared Card 1',
    ]);
    const [r1] = waiting.data.rows;
    const detail = await staff('compliance', 'GET', `/real-names/${r1.id}`);
    expect(detail.data.sameCard.map((x: any) => [x.uid, x.name, x.status])).toEqual([
      [people[2]!.user.uid, 'Shared Card 3', 1],
      [people[1]!.user.uid, 'Shared Card 2', 1],
    ]);
    expect(detail.data.sameCard[0].account).toBe('list-3@real-name.test');

    // Search: uid, e-mail, name and ID number (as typed, with spaces or lower case).
    const ids = (r: Envelope) => r.data.rows.map((x: any) => x.id);
    expect(ids(await staff('compliance', 'GET', `/real-names?q=${people[1]!.user.uid}`))).toEqual([
      waiting.data.rows[1].id,
    ]);
    expect(ids(await staff('compliance', 'GET', '/real-names?q=list-3%40real-name'))).toEqual([
      waiting.data.rows[2].id,
    ]);
    expect(ids(await staff('compliance', 'GET', '/real-names?q=shared%20card%201'))).toEqual([r1.id]);
    expect(
      (
        await staff(
          'compliance',
          'GET',
          `/real-names?q=${encodeURIComponent(`${shared.slice(0, 4)} ${shared.slice(4)}`)}`,
        )
      ).data.total,
    ).toBe(3);
    // LIKE's wildcards are taken literally.
    expect((await staff('compliance', 'GET', '/real-names?q=%25')).data).toEqual({ rows: [], total: 0 });
    expect((await staff('compliance', 'GET', '/real-names?q=_')).data.total).toBe(0);
    expect((await staff('compliance', 'GET', `/real-names?status=2&q=${shared}`)).data.total).toBe(0);

    // Paging: in range, past the end (empty), and out of bounds (refused).
    const page2 = await staff('compliance', 'GET', `/real-names?status=1&q=${shared}&pageSize=2&page=2`);
    expect(page2.data).toMatchObject({ total: 3 });
    expect(ids(page2)).toEqual([waiting.data.rows[2].id]);
    expect((await staff('compliance', 'GET', `/real-names?q=${shared}&page=9`)).data).toEqual({
      rows: [],
      total: 3,
    });
    for (const bad of [
      'page=0',
      'page=100001',
      'pageSize=0',
      'pageSize=201',
      'status=4',
      'status=-1',
      'page=x',
    ])
      expect((await staff('compliance', 'GET', `/real-names?${bad}`)).code, bad).toBe(1001);
    expect((await staff('compliance', 'GET', '/real-names?pageSize=200')).code).toBe(1);

    // Unknown ids.
    for (const [method, path, body] of [
      ['GET', '/real-names/999999', undefined],
      ['POST', '/real-names/999999/approve', {}],
      ['POST', '/real-names/999999/reject', { reason: 'Unknown id' }],
    ] as const)
      expect(await staff('compliance', method, path, body)).toMatchObject({ code: 5112, msg: 'Not found' });
    expect((await staff('compliance', 'GET', '/real-names/abc')).code).toBe(1001);
    expect((await staff('compliance', 'GET', '/real-names/99999999999999999999')).code).toBe(1001);

    // Compliance (and the owner) only.
    for (const role of ['finance', 'support', 'dealer', 'content'] as const) {
      expect((await staff(role, 'GET', '/real-names')).code, role).toBe(5107);
      expect((await staff(role, 'POST', `/real-names/${r1.id}/approve`, {})).code, role).toBe(5107);
    }
    expect((await staff('owner', 'GET', `/real-names/${r1.id}`)).code).toBe(1);
  });

  it('refuses a withdrawal until the real name is approved (before anything is frozen), and not while the setting is off', async () => {
    const funded = async (email: string) => {
      const { token } = await registerEmail(s, email);
      const proof = (await uploadImage(s, token, await pngOf('#123'))).data.url;
      const options = (await getJson(s, '/api/quickCharge/info', { authorization: token })).data;
      const sent = await getJson(
        s,
        `/api/quickCharge/submit?number=500&address=Tsender&charge_id=${options[0].id}&proofImg=${encodeURIComponent(proof)}`,
        { authorization: token },
      );
      expect(sent.code, sent.msg).toBe(1);
      const row = (await staff('finance', 'GET', '/deposits?status=0&pageSize=200')).data.rows.find(
        (r: any) => r.proofUrl === staffUrl(proof),
      );
      expect(
        (
          await staff('finance', 'POST', `/deposits/${row.id}/review`, {
            action: 'approve',
            reason: 'Received',
          })
        ).code,
      ).toBe(1);
      const currencies = (await getJson(s, '/api/account/draw_symbol_list?type=1', { authorization: token }))
        .data;
      const trc20 = currencies.find((c: any) => c.code === 'USDT' && c.protocol === 'TRC20');
      const bound = await postForm(
        s,
        '/api/wallet/bind_draw_method',
        { draw_id: trc20.id, type: 1, dc_address: 'TReceiverAddress00000000000000001', network: 'TRC20' },
        { authorization: token },
      );
      expect(bound.code, bound.msg).toBe(1);
      const draw = (number = '100') =>
        postForm(
          s,
          '/api/account/draw',
          { draw_currency_id: trc20.id, number, draw_method_id: bound.data.id },
          { authorization: token },
        );
      const balance = async () =>
        (await getJson(s, '/v1/api/main/wallet/getBalance', { authorization: token })).data;
      return { token, draw, balance };
    };
    const withdrawals = () => sqlCount(s, sql`select count(*) as n from withdrawals`);
    const required = {
      code: 7008,
      msg: 'Please complete real-name verification before withdrawing',
      data: null,
    };

    const u = await funded('gate@real-name.test');
    const before = await withdrawals();
    // Never submitted, then waiting, then rejected: refused, nothing frozen, no request recorded.
    expect(await u.draw()).toEqual(required);
    const front = (await uploadImage(s, u.token, await pngOf('#456'))).data.url;
    const back = (await uploadImage(s, u.token, await pngOf('#654'))).data.url;
    const cardId = freshCardId();
    expect(
      (await submit(u.token, { name: 'Gate Keeper', card_id: cardId, front_pic: front, reverse_pic: back }))
        .code,
    ).toBe(1);
    expect(await u.draw()).toEqual(required);
    const id = await submissionIdOf(cardId);
    expect(
      (await staff('compliance', 'POST', `/real-names/${id}/reject`, { reason: 'Expired ID' })).code,
    ).toBe(1);
    expect(await u.draw()).toEqual(required);
    expect(await u.balance()).toEqual({ balance: '500.00', lock_balance: '0.00' });
    expect(await withdrawals()).toBe(before);

    // Approved (through the test helper, the same calls): the withdrawal is taken and frozen.
    await verifyRealName(s, u.token, tokens.compliance);
    expect(await u.draw()).toMatchObject({ code: 1, msg: 'Your withdrawal request has been submitted' });
    expect(await u.balance()).toEqual({ balance: '400.00', lock_balance: '100.00' });

    // The setting off (the owner's settings call): an unverified trader withdraws as before.
    const other = await funded('gate-off@real-name.test');
    expect(await other.draw()).toEqual(required);
    const off = await staff('owner', 'POST', '/settings', { withdraw_requires_real_name: '0' });
    expect(off.code, off.msg).toBe(1);
    try {
      expect((await center(other.token)).data.review_status).toBe(0);
      expect(await other.draw()).toMatchObject({ code: 1 });
      expect(await other.balance()).toEqual({ balance: '400.00', lock_balance: '100.00' });
    } finally {
      expect((await staff('owner', 'POST', '/settings', { withdraw_requires_real_name: '1' })).code).toBe(1);
    }
    expect(await other.draw()).toEqual(required);
  });
});
