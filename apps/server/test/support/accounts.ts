import { and, desc, eq, type sql } from 'drizzle-orm';
import { outboxMessages, platformInviteCodes, settings } from '../../src/db/schema.ts';
import type { TestServer } from './test-server.ts';

type Envelope = { code: number; msg: string; data: any };

/** Form posts as the spec's client sends them. */
export async function postForm(
  s: TestServer,
  url: string,
  form: Record<string, string | number>,
  headers: Record<string, string> = {},
) {
  const res = await s.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', lang: 'en', ...headers },
    payload: new URLSearchParams(
      Object.entries(form).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString(),
    remoteAddress: headers['x-test-ip'] ?? '127.0.0.1',
  });
  return res.json() as Envelope;
}

export async function getJson(s: TestServer, url: string, headers: Record<string, string> = {}) {
  return (await s.app.inject({ method: 'GET', url, headers: { lang: 'en', ...headers } })).json() as Envelope;
}

/** The code the default outbox kept for a target (the same text the server logged). */
export async function codeFromOutbox(s: TestServer, target: string, purpose?: 1 | 2): Promise<string> {
  // A password reset's code is delivered after the answer (it must not take longer for an existing
  // account): its outbox row may land a moment later. Name the purpose to skip older codes.
  for (let attempt = 0; ; attempt++) {
    const rows = await s.database.db
      .select({ body: outboxMessages.body })
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.target, target),
          eq(outboxMessages.status, 'sent'),
          purpose === undefined ? undefined : eq(outboxMessages.purpose, purpose),
        ),
      )
      .orderBy(desc(outboxMessages.id))
      .limit(1);
    const code = rows[0]?.body.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    if (attempt >= 200) throw new Error(`no code in the outbox for ${target}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function platformInvite(s: TestServer) {
  return (await s.database.db.select().from(platformInviteCodes).limit(1))[0]!.code;
}

export async function setSetting(s: TestServer, key: string, value: string) {
  await s.database.db.update(settings).set({ value }).where(eq(settings.key, key));
}

export async function sqlCount(s: TestServer, query: ReturnType<typeof sql>) {
  const r = (await s.database.db.execute(query)) as unknown as { rows: Array<{ n: number | string }> };
  return Number(r.rows[0]!.n);
}

/** A stable documentation-range address (198.18.0.0/15, benchmarking) per text. */
function addressFor(text: string): string {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return `198.18.${(h >>> 8) & 255}.${h & 255}`;
}

/** Registers an e-mail account end to end and returns its login result. */
export async function registerEmail(s: TestServer, email: string, password = 'secret123', invite?: string) {
  // From an address of its own (the per-address code limit, 20 an hour, is not what a test that
  // needs an account is about; tests of the limit send from the addresses they name).
  const sent = await postForm(
    s,
    '/api/notify/send_email',
    { to: email, type: 1 },
    { 'x-test-ip': addressFor(email) },
  );
  if (sent.code !== 1) throw new Error(`send_email: ${sent.msg}`);
  const code = await codeFromOutbox(s, email.toLowerCase());
  const r = await postForm(s, '/api/user/register', {
    type: 1,
    account: email,
    password,
    re_password: password,
    invite_code: invite ?? (await platformInvite(s)),
    sms_code: code,
  });
  if (r.code !== 1) throw new Error(`register: ${r.msg}`);
  return r.data as { token: string; user: { id: number; uid: string; invite_code: string; email: string } };
}
