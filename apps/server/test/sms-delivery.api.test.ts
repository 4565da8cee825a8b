import { createServer, type IncomingMessage, type Server } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, platformInvite, postForm, sqlCount } from './support/accounts.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: { to: string; text: string };
}

/** A stand-in for a broker's SMS gateway: records what it is sent, answers with `status`. */
async function startGateway() {
  const received: Received[] = [];
  const gateway = { received, status: 200, delayMs: 0 };
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let raw = '';
      req.on('data', (d: Buffer) => {
        raw += d.toString();
      });
      req.on('end', () => resolve(raw));
    });
  const server: Server = createServer(async (req, res) => {
    const raw = await read(req);
    if (gateway.delayMs > 0) await new Promise((r) => setTimeout(r, gateway.delayMs));
    received.push({
      method: req.method ?? '',
      url: req.url ?? '',
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      body: JSON.parse(raw),
    });
    res.statusCode = gateway.status;
    if (gateway.status >= 300 && gateway.status < 400)
      res.setHeader('location', 'http://127.0.0.1:9/elsewhere');
    res.end('{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return { gateway, port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('verification codes through an SMS gateway (SMS_URL)', () => {
  let gw: Awaited<ReturnType<typeof startGateway>>;
  let s: TestServer;
  const logged: string[] = [];
  let gb: number;
  beforeAll(async () => {
    gw = await startGateway();
    s = await startTestServer('pglite', {
      env: { SMS_URL: `http://broker:s%3Acret@127.0.0.1:${gw.port}/sms/send` },
      // info: the outbox's own line (which carries codes) would be caught here if SMS went there.
      logger: { level: 'info', stream: { write: (line: string) => logged.push(line) } },
    });
    const areas = (await getJson(s, '/api/default/area_list')).data as Array<{ id: number; code: string }>;
    gb = areas.find((a) => a.code === 'GB')!.id;
  });
  afterAll(async () => {
    await s?.stop();
    await gw?.close();
  });

  it('posts {to, text} with the credentials as Basic authorization, keeps the code out of the outbox, registers with it', async () => {
    const sent = await postForm(
      s,
      '/api/notify/send_sms',
      { to: '07911 123456', area_id: gb, type: 1 },
      { lang: 'de' },
    );
    expect(sent.code).toBe(1);
    expect(gw.gateway.received).toHaveLength(1);
    const msg = gw.gateway.received[0]!;
    expect(msg.method).toBe('POST');
    expect(msg.url).toBe('/sms/send');
    expect(msg.contentType).toBe('application/json');
    expect(msg.authorization).toBe(`Basic ${Buffer.from('broker:s:cret').toString('base64')}`);
    expect(msg.body.to).toBe('+447911123456');
    const code = msg.body.text.match(/(\d{6})/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    // The SMS template: short, names the sender, says nothing of an e-mail.
    expect(msg.body.text).toBe(
      `Meridian: Ihr Bestätigungscode lautet ${code}. Er ist 10 Minuten lang gültig. Geben Sie ihn an niemanden weiter.`,
    );
    expect(
      await sqlCount(
        s,
        sql`select count(*) as n from outbox_messages where transport = 'sms_http' and status = 'sent' and body like '%******%'`,
      ),
    ).toBe(1);
    expect(
      await sqlCount(s, sql`select count(*) as n from outbox_messages where body like ${`%${code}%`}`),
    ).toBe(0);
    // Not in the log either (the outbox logs codes; this transport must not).
    expect(logged.some((l) => l.includes(code!))).toBe(false);

    const r = await postForm(s, '/api/user/register', {
      type: 2,
      area_id: gb,
      account: '07911123456',
      password: 'secret123',
      re_password: 'secret123',
      invite_code: await platformInvite(s),
      sms_code: code!,
    });
    expect(r.code).toBe(1);
  });

  it('refuses with 3405 when the gateway does not accept the message, notes the failure and logs why', async () => {
    gw.gateway.status = 503;
    try {
      const r = await postForm(s, '/api/notify/send_sms', { to: '07911 123457', area_id: gb, type: 1 });
      expect(r.code).toBe(3405);
      expect(
        await sqlCount(
          s,
          sql`select count(*) as n from outbox_messages where transport = 'sms_http' and status = 'failed' and error like '%HTTP 503%'`,
        ),
      ).toBe(1);
      const line = logged.find((l) => l.includes('verification SMS not sent'));
      expect(line).toContain('HTTP 503');
      expect(line).not.toContain('7911123457');
      // Staff read the cause too: fetch itself says only 'fetch failed'.
      gw.gateway.status = 301;
      expect(
        (await postForm(s, '/api/notify/send_sms', { to: '07911 123458', area_id: gb, type: 1 })).code,
      ).toBe(3405);
      expect(
        await sqlCount(
          s,
          sql`select count(*) as n from outbox_messages where status = 'failed' and error like 'fetch failed: %redirect%'`,
        ),
      ).toBe(1);
      // The failed code is void: a new one may be asked for at once, and this one goes through.
      gw.gateway.status = 200;
      const again = await postForm(s, '/api/notify/send_sms', { to: '07911 123457', area_id: gb, type: 1 });
      expect(again.code).toBe(1);
    } finally {
      gw.gateway.status = 200;
    }
  });

  it('counts sends from one address as they arrive, and sends one code at a time to one number (no SMS pumping)', async () => {
    gw.gateway.delayMs = 300;
    try {
      const from = { 'x-test-ip': '198.51.100.77' };
      const before = gw.gateway.received.length;
      const numbers = Array.from({ length: 25 }, (_, i) => `07911 1230${String(i).padStart(2, '0')}`);
      const answers = await Promise.all(
        numbers.map((to) => postForm(s, '/api/notify/send_sms', { to, area_id: gb, type: 1 }, from)),
      );
      const codes = answers.map((a) => a.code);
      expect(codes.filter((c) => c === 1)).toHaveLength(20); // 20 an hour from one address
      expect(codes.filter((c) => c === 1029)).toHaveLength(5);
      expect(gw.gateway.received.length - before).toBe(20);

      const one = { to: '07911 123499', area_id: gb, type: 1 };
      const same = await Promise.all(
        [1, 2, 3, 4].map((i) => postForm(s, '/api/notify/send_sms', one, { 'x-test-ip': `198.51.100.${i}` })),
      );
      expect(same.map((a) => a.code).sort()).toEqual([1, 3404, 3404, 3404]);
      expect(gw.gateway.received.length - before).toBe(21);
    } finally {
      gw.gateway.delayMs = 0;
    }
  });

  it('leaves e-mail codes to their own transport (the outbox here)', async () => {
    const before = gw.gateway.received.length;
    expect((await postForm(s, '/api/notify/send_email', { to: 'mail@example.com', type: 1 })).code).toBe(1);
    expect(gw.gateway.received).toHaveLength(before);
    expect(
      await sqlCount(
        s,
        sql`select count(*) as n from outbox_messages where transport = 'outbox' and target = 'mail@example.com'`,
      ),
    ).toBe(1);
  });
});
