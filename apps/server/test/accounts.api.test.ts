import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeFromOutbox,
  getJson,
  platformInvite,
  postForm,
  registerEmail,
  setSetting,
  sqlCount,
} from './support/accounts.ts';
import { DB_KINDS } from './support/databases.ts';
import { connectSocket, startTestServer, type TestServer } from './support/test-server.ts';

describe.each(DB_KINDS)('accounts on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(() => s?.stop());

  describe('verification codes', () => {
    it('sends one code per target per 60 s, stored only as a hash', async () => {
      const first = await postForm(s, '/api/notify/send_email', { to: 'Codes@Example.com', type: 1 });
      expect(first).toEqual({ code: 1, msg: 'Verification code sent', data: { resend_after: 60 } });
      const again = await postForm(s, '/api/notify/send_email', { to: 'codes@example.com', type: 1 });
      expect(again).toEqual({
        code: 3404,
        msg: 'Please wait 60 seconds before requesting another code',
        data: null,
      });
      s.clock.advance(45_000);
      expect(
        (await postForm(s, '/api/notify/send_email', { to: 'codes@example.com', type: 1 })).msg,
      ).toContain('15 seconds');
      s.clock.advance(15_000);
      expect((await postForm(s, '/api/notify/send_email', { to: 'codes@example.com', type: 1 })).code).toBe(
        1,
      );
      const code = await codeFromOutbox(s, 'codes@example.com');
      expect(code).toMatch(/^\d{6}$/);
      expect(
        await sqlCount(
          s,
          sql`select count(*) as n from verification_codes where code_hash like ${`%${code}%`}`,
        ),
      ).toBe(0);
    });

    it('refuses a wrong code, voids it on the fifth wrong try, and refuses it after that', async () => {
      const email = 'tries@example.com';
      await postForm(s, '/api/notify/send_email', { to: email, type: 1 });
      const code = await codeFromOutbox(s, email);
      const wrong = code === '000000' ? '111111' : '000000';
      const form = {
        type: 1,
        account: email,
        password: 'secret123',
        re_password: 'secret123',
        invite_code: await platformInvite(s),
      };
      for (let i = 1; i <= 4; i++) {
        expect((await postForm(s, '/api/user/register', { ...form, sms_code: wrong })).code).toBe(3401);
      }
      expect((await postForm(s, '/api/user/register', { ...form, sms_code: wrong })).code).toBe(3403);
      // The sixth try, now with the right code, finds it void, and says why (it said 'expired').
      expect((await postForm(s, '/api/user/register', { ...form, sms_code: code })).code).toBe(3403);
    });

    it('refuses an expired code, and a code bound to another target', async () => {
      const email = 'expiry@example.com';
      await postForm(s, '/api/notify/send_email', { to: email, type: 1 });
      const code = await codeFromOutbox(s, email);
      s.clock.advance(10 * 60_000 + 1);
      const form = {
        type: 1,
        account: email,
        password: 'secret123',
        re_password: 'secret123',
        invite_code: await platformInvite(s),
      };
      expect(await postForm(s, '/api/user/register', { ...form, sms_code: code })).toMatchObject({
        code: 3402,
        msg: 'The verification code has expired, please request a new one',
      });
      const user = await registerEmail(s, 'reuse@example.com');
      expect(user.token).toBeTruthy();
      const reused = await codeFromOutbox(s, 'reuse@example.com');
      const twice = await postForm(s, '/api/user/register', {
        ...form,
        account: 'reuse2@example.com',
        sms_code: reused,
      });
      // Codes are bound to their target: none was sent to reuse2 (typed after 'Send'), and it says so.
      expect(twice).toMatchObject({
        code: 3407,
        msg: 'No code was sent to this address or number; please request one',
      });
    });

    it('binds a code to its purpose: a register code cannot reset a password', async () => {
      await registerEmail(s, 'purpose@example.com');
      s.clock.advance(61_000);
      await postForm(s, '/api/notify/send_email', { to: 'purpose2@example.com', type: 1 });
      const registerCode = await codeFromOutbox(s, 'purpose2@example.com');
      const reset = await postForm(s, '/api/user/forget_password', {
        type: 1,
        account: 'purpose2@example.com',
        new_password: 'newpass123',
        secondary_password: 'newpass123',
        auth_code: registerCode,
      });
      expect(reset.code).not.toBe(1);
    });
  });

  describe('registration', () => {
    it('registers by e-mail with the platform invite code, logs in, and links an invitee to its inviter', async () => {
      const inviter = await registerEmail(s, 'inviter@example.com');
      expect(inviter.user).toMatchObject({
        email: 'inviter@example.com',
        invite_code: expect.stringMatching(/^[A-Z2-9]{6}$/),
      });
      const invitee = await registerEmail(
        s,
        'invitee@example.com',
        'secret123',
        inviter.user.invite_code.toLowerCase(),
      );
      const n = await sqlCount(
        s,
        sql`select count(*) as n from users where id = ${invitee.user.id} and inviter_id = ${inviter.user.id}`,
      );
      expect(n).toBe(1);
      const info = await getJson(s, '/api/user/info', { authorization: invitee.token });
      expect(info.data).toMatchObject({
        email: 'invitee@example.com',
        is_demo: 0,
        balance: '0.00',
        credit_score: 100,
      });
    });

    it('refuses mismatched and weak passwords, missing or unknown invite codes, missing codes and duplicates', async () => {
      const base = {
        type: 1,
        account: 'rules@example.com',
        password: 'secret123',
        re_password: 'secret123',
        invite_code: await platformInvite(s),
        sms_code: '123456',
      };
      const expectRefusal = async (form: Record<string, string | number>, code: number, msg?: string) => {
        const r = await postForm(s, '/api/user/register', form);
        expect(r.code, JSON.stringify(form)).toBe(code);
        if (msg) expect(r.msg).toBe(msg);
      };
      await expectRefusal({ ...base, re_password: 'secret124' }, 3107, 'Password inconsistency');
      await expectRefusal({ ...base, password: 'short1', re_password: 'short1' }, 3108);
      await expectRefusal({ ...base, password: 'lettersonly', re_password: 'lettersonly' }, 3108);
      await expectRefusal({ ...base, invite_code: '' }, 3110);
      await expectRefusal({ ...base, invite_code: 'NOPE99' }, 3111, 'This invitation code does not exist');
      // A demo account's code is no invite: anyone can make a demo account without one.
      const demo = await getJson(s, '/api/user/createAccountDemoForU?demo_id=demo-invite-000001');
      const demoCode = (await getJson(s, '/api/user/info', { authorization: demo.data.token })).data
        .invite_code;
      expect(demoCode).toMatch(/^[A-Z2-9]{6}$/);
      await expectRefusal({ ...base, invite_code: demoCode }, 3111, 'This invitation code does not exist');
      await expectRefusal({ ...base, sms_code: '' }, 3112);
      await expectRefusal({ ...base, account: '' }, 3101, 'Please enter email');
      await expectRefusal({ ...base, account: 'not-an-email' }, 3104);
      await registerEmail(s, 'dupe@example.com');
      await expectRefusal(
        { ...base, account: 'DUPE@example.com' },
        3109,
        'This account is already registered',
      );
      expect((await postForm(s, '/api/notify/send_email', { to: 'dupe@example.com', type: 1 })).code).toBe(
        3109,
      );
    });

    it('registers by mobile with an area code and refuses excluded or unknown areas', async () => {
      const areas = (await getJson(s, '/api/default/area_list')).data as Array<{ id: number; code: string }>;
      const gb = areas.find((a) => a.code === 'GB')!;
      expect(
        (await postForm(s, '/api/notify/send_sms', { to: '07911 123456', area_id: gb.id, type: 1 })).code,
      ).toBe(1);
      const code = await codeFromOutbox(s, '+447911123456');
      const r = await postForm(s, '/api/user/register', {
        type: 2,
        area_id: gb.id,
        account: '07911123456',
        password: 'secret123',
        re_password: 'secret123',
        invite_code: await platformInvite(s),
        sms_code: code,
      });
      expect(r.code).toBe(1);
      expect(r.data.user).toMatchObject({ mobile: '7911123456', area_code: '+44', email: '' });
      const login = await postForm(s, '/api/user/loginForU', {
        account: '7911123456',
        area_id: gb.id,
        password: 'secret123',
        login_type: 2,
      });
      expect(login.code).toBe(1);
      // Unknown area ids (the excluded countries are not in area_list) and numbers of another country.
      expect(
        (await postForm(s, '/api/notify/send_sms', { to: '13800138000', area_id: 99_999, type: 1 })).code,
      ).toBe(3106);
      expect(
        (await postForm(s, '/api/notify/send_sms', { to: '13800138000', area_id: gb.id, type: 1 })).code,
      ).toBe(3105);
    });

    it('uses a one-time image captcha instead of a code when verify_reg_type is 2', async () => {
      await setSetting(s, 'verify_reg_type', '2');
      try {
        const captcha = await getJson(s, '/api/common/captcha');
        expect(captcha.data.b64s).toMatch(/^data:image\/svg\+xml;base64,/);
        const row = (await s.database.db.execute(
          sql`select answer_hash from captchas where id = ${captcha.data.id}`,
        )) as unknown as {
          rows: Array<{ answer_hash: string }>;
        };
        expect(row.rows[0]!.answer_hash).toMatch(/^[0-9a-f]{64}$/);
        const form = {
          type: 1,
          account: 'captcha@example.com',
          password: 'secret123',
          re_password: 'secret123',
          invite_code: await platformInvite(s),
          key: captcha.data.id,
          sms_code: 'zzzz',
        };
        expect((await postForm(s, '/api/user/register', form)).code).toBe(3406);
        // Spent by the wrong try: even the right text cannot use it now.
        expect((await postForm(s, '/api/user/register', { ...form, sms_code: 'abcd' })).code).toBe(3406);
      } finally {
        await setSetting(s, 'verify_reg_type', '1');
      }
    });

    it('one account per mobile number: two registrations racing with two spellings of it make one', async () => {
      const areas = (await getJson(s, '/api/default/area_list')).data as Array<{ id: number; code: string }>;
      const gb = areas.find((a) => a.code === 'GB')!;
      await setSetting(s, 'verify_reg_type', '2');
      try {
        // Two captchas the test can answer: their stored hashes are set to the answer 'abcd'.
        const solved = async () => {
          const id = (await getJson(s, '/api/common/captcha')).data.id as string;
          const hash = createHash('sha256').update(`${id}:abcd`).digest('hex');
          await s.database.db.execute(sql`update captchas set answer_hash = ${hash} where id = ${id}`);
          return id;
        };
        const form = async (account: string) => ({
          type: 2,
          area_id: gb.id,
          account,
          password: 'secret123',
          re_password: 'secret123',
          invite_code: await platformInvite(s),
          key: await solved(),
          sms_code: 'abcd',
        });
        const [a, b] = [await form('07911123457'), await form('7911 123457')];
        const answers = await Promise.all([
          postForm(s, '/api/user/register', a),
          postForm(s, '/api/user/register', b),
        ]);
        expect(answers.map((r) => r.code).sort()).toEqual([1, 3109]);
        expect(
          await sqlCount(
            s,
            sql`select count(*) as n from users where area_code = '+44' and mobile = '7911123457'`,
          ),
        ).toBe(1);
      } finally {
        await setSetting(s, 'verify_reg_type', '1');
      }
    });
  });

  describe('login and sessions', () => {
    it('answers the spec messages for empty fields and the same refusal for unknown accounts and wrong passwords', async () => {
      await registerEmail(s, 'login@example.com');
      expect(
        (await postForm(s, '/api/user/loginForU', { account: '', password: 'x', login_type: 1 })).msg,
      ).toBe('Please enter email');
      expect(
        (await postForm(s, '/api/user/loginForU', { account: '', password: 'x', login_type: 2 })).msg,
      ).toBe('Please enter phone number');
      expect(
        (await postForm(s, '/api/user/loginForU', { account: 'a@b.co', password: '', login_type: 1 })).msg,
      ).toBe('Please enter password');
      const unknown = await postForm(s, '/api/user/loginForU', {
        account: 'nobody@example.com',
        password: 'secret123',
        login_type: 1,
      });
      const wrong = await postForm(s, '/api/user/loginForU', {
        account: 'login@example.com',
        password: 'wrong1234',
        login_type: 1,
      });
      expect(unknown).toEqual(wrong);
      expect(wrong).toEqual({ code: 3201, msg: 'Incorrect account or password', data: null });
    });

    it('rate-limits failed logins per account and per address, with a localized message', async () => {
      await registerEmail(s, 'limited@example.com');
      const attempt = (password: string, ip: string, account = 'limited@example.com') =>
        postForm(s, '/api/user/loginForU', { account, password, login_type: 1 }, { 'x-test-ip': ip });
      for (let i = 0; i < 5; i++) expect((await attempt('wrong1234', `10.0.0.${i}`)).code).toBe(3201);
      const blocked = await attempt('secret123', '10.0.0.99');
      expect(blocked.code).toBe(3202);
      expect(blocked.msg).toBe('Too many attempts, please try again in 15 minutes');
      const hk = await s.app.inject({
        method: 'POST',
        url: '/api/user/loginForU',
        headers: { lang: 'hk', 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'account=limited@example.com&password=secret123&login_type=1',
      });
      expect(hk.json().msg).toBe('嘗試次數過多，請 15 分鐘後再試');
      s.clock.advance(15 * 60_000 + 1);
      expect((await attempt('secret123', '10.0.0.99')).code).toBe(1);

      // Per address: 20 failures across many accounts from one address block that address.
      for (let i = 0; i < 20; i++) await attempt('wrong1234', '10.9.9.9', `spray${i}@example.com`);
      expect((await attempt('secret123', '10.9.9.9')).code).toBe(3202);
      expect((await attempt('secret123', '10.9.9.10')).code).toBe(1);
      // Without TRUST_PROXY a client cannot pick its address with a header.
      const spoofed = await postForm(
        s,
        '/api/user/loginForU',
        { account: 'limited@example.com', password: 'secret123', login_type: 1 },
        { 'x-test-ip': '10.9.9.9', 'x-forwarded-for': '203.0.113.77' },
      );
      expect(spoofed.code).toBe(3202);
    });

    it('counts guesses sent in parallel and every spelling of a number against one account', async () => {
      await registerEmail(s, 'parallel@example.com');
      const guesses = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          postForm(
            s,
            '/api/user/loginForU',
            { account: 'parallel@example.com', password: `wrong${i}xyz`, login_type: 1 },
            { 'x-test-ip': `10.1.1.${i}` },
          ),
        ),
      );
      // Five tried (the limit), the rest refused before their password was checked.
      expect(guesses.filter((g) => g.code === 3201)).toHaveLength(5);
      expect(guesses.filter((g) => g.code === 3202)).toHaveLength(7);

      const areas = (await getJson(s, '/api/default/area_list')).data as Array<{ id: number; code: string }>;
      const gb = areas.find((a) => a.code === 'GB')!;
      // From an address of its own: the per-address code limit is shared with the file's other tests.
      await postForm(
        s,
        '/api/notify/send_sms',
        { to: '07911 123458', area_id: gb.id, type: 1 },
        { 'x-test-ip': '10.3.3.3' },
      );
      const registered = await postForm(s, '/api/user/register', {
        type: 2,
        area_id: gb.id,
        account: '07911123458',
        password: 'secret123',
        re_password: 'secret123',
        invite_code: await platformInvite(s),
        sms_code: await codeFromOutbox(s, '+447911123458'),
      });
      expect(registered.code).toBe(1);
      const spellings = ['07911123458', '7911 123458', '07911 123 458', '+447911123458', '7911-123458'];
      for (const [i, account] of spellings.entries()) {
        const r = await postForm(
          s,
          '/api/user/loginForU',
          { account, area_id: gb.id, password: 'wrong1234', login_type: 2 },
          { 'x-test-ip': `10.2.2.${i}` },
        );
        expect(r.code, account).toBe(3201);
      }
      const sixth = await postForm(
        s,
        '/api/user/loginForU',
        { account: '7911123458', area_id: gb.id, password: 'secret123', login_type: 2 },
        { 'x-test-ip': '10.2.2.9' },
      );
      expect(sixth.code).toBe(3202);
    });

    it('does not count a sign-in the database failed to check as a guess', async () => {
      await registerEmail(s, 'blip@example.com');
      const db = s.database.db as unknown as Record<string, unknown>;
      db.select = () => {
        throw new Error('database connection lost');
      };
      try {
        for (let i = 0; i < 6; i++) {
          const r = await postForm(s, '/api/user/loginForU', {
            account: 'blip@example.com',
            password: 'secret123',
            login_type: 1,
          });
          expect(r.code).toBe(1500);
        }
      } finally {
        delete db.select;
      }
      const after = await postForm(s, '/api/user/loginForU', {
        account: 'blip@example.com',
        password: 'secret123',
        login_type: 1,
      });
      expect(after.code).toBe(1);
    });

    it('limits guesses at the current password when changing it, as failed sign-ins', async () => {
      const { token } = await registerEmail(s, 'amend-guess@example.com');
      const amend = (old: string) =>
        postForm(
          s,
          '/api/user/amend_password',
          { old_password: old, new_password: 'newpass123', re_password: 'newpass123' },
          { authorization: token },
        );
      for (let i = 0; i < 5; i++) expect((await amend(`guess${i}abc`)).code).toBe(3303);
      // Even the right password now waits, and so does signing in.
      expect((await amend('secret123')).code).toBe(3202);
      expect(
        (
          await postForm(s, '/api/user/loginForU', {
            account: 'amend-guess@example.com',
            password: 'secret123',
            login_type: 1,
          })
        ).code,
      ).toBe(3202);
      s.clock.advance(15 * 60_000 + 1);
      expect((await amend('secret123')).code).toBe(1);
    });

    it('ends the session a device replaces by signing in again; its other sockets hear it after a grace', async () => {
      const demo = await getJson(s, '/api/user/createAccountDemoForU?demo_id=replace-demo-0001');
      const { token: first } = await registerEmail(s, 'replace@example.com');
      // The device's socket, and a copy of the token elsewhere.
      const copy = await connectSocket(`${s.wsUrl}?lang=en`);
      const bound = copy.next((f) => f.type === 'login_result');
      copy.send({ type: 'login', token: first });
      expect((await bound).code).toBe(1);
      const copyClosed = new Promise<number>((resolve) => copy.ws.once('close', (code) => resolve(code)));

      // Signing in again on the device, which sends the token it holds.
      const again = await postForm(
        s,
        '/api/user/loginForU',
        { account: 'replace@example.com', password: 'secret123', login_type: 1 },
        { authorization: first },
      );
      expect(again.code).toBe(1);
      expect((await getJson(s, '/api/user/info', { authorization: first })).code).toBe(999);
      expect((await getJson(s, '/api/user/info', { authorization: again.data.token })).code).toBe(1);
      // The socket still on it is told after the grace (the device's own moves to the new token first).
      const early = await Promise.race([copyClosed, new Promise((r) => setTimeout(() => r('open'), 1_000))]);
      expect(early).toBe('open');
      expect(await copyClosed).toBe(4401);
      expect(copy.frames.some((f) => f.type === 'error' && f.code === 999)).toBe(true);

      // A demo session replaced by a real sign-in (register) on the same device ends too.
      const registered = await registerEmail(s, 'replace2@example.com');
      expect(registered.token).toBeTruthy();
      const demoAfter = await postForm(
        s,
        '/api/user/loginForU',
        { account: 'replace2@example.com', password: 'secret123', login_type: 1 },
        { authorization: demo.data.token },
      );
      expect(demoAfter.code).toBe(1);
      expect((await getJson(s, '/api/user/info', { authorization: demo.data.token })).code).toBe(999);
    }, 20_000);

    it('logs out by revoking the token: the next call answers 999 and its socket closes', async () => {
      const { token } = await registerEmail(s, 'logout@example.com');
      const socket = await connectSocket(`${s.wsUrl}?lang=en`);
      const loggedIn = socket.next((f) => f.type === 'login_result');
      socket.send({ type: 'login', token });
      expect((await loggedIn).code).toBe(1);
      const closed = new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)));
      const out = await postForm(s, '/api/user/logout', {}, { authorization: token });
      expect(out).toEqual({ code: 1, msg: 'Successful exit', data: null });
      expect(await closed).toBe(4401);
      expect(socket.frames.some((f) => f.type === 'error' && f.code === 999)).toBe(true);
      expect((await getJson(s, '/api/user/info', { authorization: token })).code).toBe(999);
      expect((await postForm(s, '/api/user/logout', {}, { authorization: token })).code).toBe(999);
    });
  });

  describe('passwords', () => {
    it('changes the password, revoking every other session (HTTP and socket) but not this one', async () => {
      const first = await registerEmail(s, 'change@example.com');
      const other = await postForm(s, '/api/user/loginForU', {
        account: 'change@example.com',
        password: 'secret123',
        login_type: 1,
      });
      const socket = await connectSocket(s.wsUrl);
      const ok = socket.next((f) => f.type === 'login_result');
      socket.send({ type: 'login', token: other.data.token });
      await ok;
      const closed = new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)));
      const auth = { authorization: first.token };
      expect(
        (
          await postForm(
            s,
            '/api/user/amend_password',
            { old_password: '', new_password: 'a', re_password: 'a' },
            auth,
          )
        ).msg,
      ).toBe('input full');
      expect(
        (
          await postForm(
            s,
            '/api/user/amend_password',
            { old_password: 'secret123', new_password: 'newpass123', re_password: 'newpass124' },
            auth,
          )
        ).msg,
      ).toBe('passwords not equal');
      expect(
        (
          await postForm(
            s,
            '/api/user/amend_password',
            { old_password: 'wrong1234', new_password: 'newpass123', re_password: 'newpass123' },
            auth,
          )
        ).code,
      ).toBe(3303);
      // The same password again changes nothing and must not sign the other device out.
      const same = await postForm(
        s,
        '/api/user/amend_password',
        { old_password: 'secret123', new_password: 'secret123', re_password: 'secret123' },
        auth,
      );
      expect(same).toMatchObject({ code: 3304, msg: 'The new password must differ from the current one' });
      expect((await getJson(s, '/api/user/info', { authorization: other.data.token })).code).toBe(1);
      const changed = await postForm(
        s,
        '/api/user/amend_password',
        { old_password: 'secret123', new_password: 'newpass123', re_password: 'newpass123' },
        auth,
      );
      expect(changed).toEqual({ code: 1, msg: 'Password changed', data: null });
      expect(await closed).toBe(4401);
      expect((await getJson(s, '/api/user/info', auth)).code).toBe(1);
      expect((await getJson(s, '/api/user/info', { authorization: other.data.token })).code).toBe(999);
      expect(
        (
          await postForm(s, '/api/user/loginForU', {
            account: 'change@example.com',
            password: 'secret123',
            login_type: 1,
          })
        ).code,
      ).toBe(3201);
      expect(
        (
          await postForm(s, '/api/user/loginForU', {
            account: 'change@example.com',
            password: 'newpass123',
            login_type: 1,
          })
        ).code,
      ).toBe(1);
    });

    it('refuses a password change for a demo account', async () => {
      const demo = await getJson(s, '/api/user/createAccountDemoForU?demo_id=demo-password-0001');
      const r = await postForm(
        s,
        '/api/user/amend_password',
        { old_password: 'x', new_password: 'newpass123', re_password: 'newpass123' },
        { authorization: demo.data.token },
      );
      expect(r).toEqual({ code: 3203, msg: 'Please register or log in to a real account', data: null });
    });

    it('resets a forgotten password with a type-2 code, revoking all sessions, and answers alike for unknown accounts', async () => {
      const { token } = await registerEmail(s, 'forgot@example.com');
      s.clock.advance(61_000);
      const known = await postForm(s, '/api/notify/send_email', { to: 'forgot@example.com', type: 2 });
      const unknown = await postForm(s, '/api/notify/send_email', { to: 'ghost@example.com', type: 2 });
      expect(unknown).toEqual(known);
      expect(
        await sqlCount(s, sql`select count(*) as n from outbox_messages where target = 'ghost@example.com'`),
      ).toBe(0);
      const code = await codeFromOutbox(s, 'forgot@example.com', 2);
      const form = { type: 1, new_password: 'reset1234', secondary_password: 'reset1234', auth_code: code };
      const ghost = await postForm(s, '/api/user/forget_password', {
        ...form,
        account: 'ghost@example.com',
        auth_code: '123456',
      });
      const wrong = await postForm(s, '/api/user/forget_password', {
        ...form,
        account: 'forgot@example.com',
        auth_code: code === '123456' ? '654321' : '123456',
      });
      // An unknown account's reset answers as a wrong code for a known one: nothing is revealed.
      expect(ghost).toEqual(wrong);
      expect(wrong.code).toBe(3401);
      expect(
        (
          await postForm(s, '/api/user/forget_password', {
            ...form,
            account: 'forgot@example.com',
            secondary_password: '',
          })
        ).msg,
      ).toBe('input full');
      expect(
        (
          await postForm(s, '/api/user/forget_password', {
            ...form,
            account: 'forgot@example.com',
            secondary_password: 'reset1235',
          })
        ).msg,
      ).toBe('passwords not equal');
      const reset = await postForm(s, '/api/user/forget_password', {
        ...form,
        account: 'forgot@example.com',
      });
      expect(reset).toEqual({ code: 1, msg: 'Password reset, please log in', data: null });
      // A used code is spent.
      const again = await postForm(s, '/api/user/forget_password', {
        ...form,
        account: 'forgot@example.com',
      });
      // A reset says only 'expired' when no code is live: 'used' would tell anyone who tries a code
      // for an address that it has an account (and reset its password).
      expect(again.code).toBe(3402);
      const someoneElse = await postForm(s, '/api/user/forget_password', {
        ...form,
        account: 'never-asked@example.com',
      });
      expect(someoneElse).toEqual(again);
      expect((await getJson(s, '/api/user/info', { authorization: token })).code).toBe(999);
      expect(
        (
          await postForm(s, '/api/user/loginForU', {
            account: 'forgot@example.com',
            password: 'reset1234',
            login_type: 1,
          })
        ).code,
      ).toBe(1);
    });
  });
});

describe('behind a reverse proxy (TRUST_PROXY)', () => {
  let s: TestServer;
  const PROXY = '10.20.0.1';
  beforeAll(async () => {
    s = await startTestServer('pglite', { env: { TRUST_PROXY: PROXY } });
  });
  afterAll(() => s?.stop());

  it('counts each trader’s address from X-Forwarded-For, not the proxy’s', async () => {
    await registerEmail(s, 'proxied@example.com');
    const attempt = (client: string, account: string, password: string) =>
      postForm(
        s,
        '/api/user/loginForU',
        { account, password, login_type: 1 },
        { 'x-test-ip': PROXY, 'x-forwarded-for': client },
      );
    // One client sprays 20 accounts through the proxy: that client is blocked…
    for (let i = 0; i < 20; i++) await attempt('198.51.100.7', `spray${i}@example.com`, 'wrong1234');
    expect((await attempt('198.51.100.7', 'proxied@example.com', 'secret123')).code).toBe(3202);
    // …and every other trader behind the same proxy still signs in (was: all of them locked out).
    expect((await attempt('198.51.100.8', 'proxied@example.com', 'secret123')).code).toBe(1);
    // A sender that is not the proxy is not believed: the blocked client, connecting directly and
    // naming another address, is still itself.
    const direct = await postForm(
      s,
      '/api/user/loginForU',
      { account: 'proxied@example.com', password: 'secret123', login_type: 1 },
      { 'x-test-ip': '198.51.100.7', 'x-forwarded-for': '198.51.100.9' },
    );
    expect(direct.code).toBe(3202);
  });
});
