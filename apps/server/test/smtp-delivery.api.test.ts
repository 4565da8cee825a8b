import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postForm, sqlCount } from './support/accounts.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/** A real SMTP server on loopback that keeps what it receives. */
function startSmtp() {
  const received: Array<{ to: string[]; raw: string }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (d: Buffer) => {
        raw += d.toString();
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        done();
      });
    },
  });
  return new Promise<{ port: number; received: typeof received; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.server.address() as { port: number };
      resolve({ port, received, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

/** The text of a single-part message, undoing base64 or quoted-printable transfer encoding. */
function decodeBody(raw: string): string {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const encoding = head!.match(/content-transfer-encoding:\s*([\w-]+)/i)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => `%${h}`);
    return decodeURIComponent(bytes);
  }
  return body;
}

describe('verification codes through SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let s: TestServer;
  beforeAll(async () => {
    smtp = await startSmtp();
    s = await startTestServer('pglite', {
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Meridian <codes@meridian.test>' },
    });
  });
  afterAll(async () => {
    await s?.stop();
    await smtp?.close();
  });

  it('mails the code in the request language, keeps it out of the outbox, and registers with it', async () => {
    const sent = await postForm(
      s,
      '/api/notify/send_email',
      { to: 'mailbox@example.com', type: 1 },
      { lang: 'hk' },
    );
    expect(sent.code).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(['mailbox@example.com']);
    expect(mail.raw).toMatch(/From: Meridian <codes@meridian\.test>/);
    const text = decodeBody(mail.raw);
    expect(text).toContain('10 分鐘內有效'); // the hk template
    const code = text.match(/(\d{6})/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    // The outbox row records the delivery without the code.
    expect(
      await sqlCount(
        s,
        sql`select count(*) as n from outbox_messages where transport = 'smtp' and body like '%******%'`,
      ),
    ).toBe(1);
    expect(
      await sqlCount(s, sql`select count(*) as n from outbox_messages where body like ${`%${code}%`}`),
    ).toBe(0);

    const invite = (
      (await s.database.db.execute(sql`select code from platform_invite_codes limit 1`)) as unknown as {
        rows: Array<{ code: string }>;
      }
    ).rows[0]!.code;
    const r = await postForm(s, '/api/user/register', {
      type: 1,
      account: 'mailbox@example.com',
      password: 'secret123',
      re_password: 'secret123',
      invite_code: invite,
      sms_code: code!,
    });
    expect(r.code).toBe(1);
  });

  it('refuses with a clear message when the SMTP server is unreachable, and allows a retry at once', async () => {
    const logged: string[] = [];
    const broken = await startTestServer('pglite', {
      env: { SMTP_URL: 'smtp://127.0.0.1:1' },
      logger: { level: 'warn', stream: { write: (line: string) => logged.push(line) } },
    });
    try {
      const r = await postForm(broken, '/api/notify/send_email', { to: 'down@example.com', type: 1 });
      expect(r).toEqual({
        code: 3405,
        msg: 'The code could not be sent, please try again later',
        data: null,
      });
      const retry = await postForm(broken, '/api/notify/send_email', { to: 'down@example.com', type: 1 });
      expect(retry.code).toBe(3405); // not "wait 60 s": a failed delivery does not count
      // The operator sees why in the log, with the recipient's domain, not the address.
      const failures = logged.filter((l) => l.includes('verification e-mail not sent (SMTP)'));
      expect(failures).toHaveLength(2);
      expect(failures[0]).toContain('"domain":"example.com"');
      expect(failures[0]).toContain('ECONNREFUSED');
      expect(failures.join('')).not.toContain('down@example.com');

      // A password reset answers alike for an existing and an unknown account, even when the mail
      // cannot go: its delivery runs after the answer (how long it took told which accounts exist).
      await broken.database.db.execute(
        sql`insert into users (uid, email, password_hash, invite_code) values ('87654321', 'exists@example.com', 'x', 'EXIST1')`,
      );
      const known = await postForm(broken, '/api/notify/send_email', { to: 'exists@example.com', type: 2 });
      const unknown = await postForm(broken, '/api/notify/send_email', { to: 'nobody@example.com', type: 2 });
      expect(known).toEqual(unknown);
      expect(known.code).toBe(1);
      // The failure is kept for staff; the code stays as an unknown account's does, so a second
      // 'Send' and a reset answer alike for both too.
      await expect
        .poll(() =>
          sqlCount(
            broken,
            sql`select count(*) as n from outbox_messages where target = 'exists@example.com' and status = 'failed'`,
          ),
        )
        .toBe(1);
      const resendKnown = await postForm(broken, '/api/notify/send_email', {
        to: 'exists@example.com',
        type: 2,
      });
      const resendUnknown = await postForm(broken, '/api/notify/send_email', {
        to: 'nobody@example.com',
        type: 2,
      });
      expect(resendKnown).toEqual(resendUnknown);
      const reset = (to: string) =>
        postForm(broken, '/api/user/forget_password', {
          type: 1,
          account: to,
          new_password: 'reset1234',
          secondary_password: 'reset1234',
          auth_code: '123456',
        });
      expect(await reset('exists@example.com')).toEqual(await reset('nobody@example.com'));
    } finally {
      await broken.stop();
    }
  });
});
