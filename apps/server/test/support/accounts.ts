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
export async function codeFromOutbox(s: TestServer, target: string): Promise<string> {
  const rows = await s.database.db
    .select({ body: outboxMessages.body })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.target, target), eq(outboxMessages.status, 'sent')))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  const code = rows[0]?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${target}`);
  return code;
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

/** Registers an e-mail account end to end and returns its login result. */
export async function registerEmail(s: TestServer, email: string, password = 'secret123', invite?: string) {
  const sent = await postForm(s, '/api/notify/send_email', { to: email, type: 1 });
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
