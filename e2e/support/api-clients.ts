import { currentTotp } from '../../apps/server/src/modules/staff/totp.ts';

/**
 * The calls browser tests make to set a scene the way a client or an operator would (through the
 * public and staff APIs, never the database): registering a trader with the outbox code, signing
 * the first owner in with a second factor, creating staff of a role.
 */

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export async function staffApi<T = unknown>(
  baseUrl: string,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${baseUrl}/admin-api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      lang: 'en',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const env = (await res.json()) as Envelope<T>;
  if (env.code !== 1) throw new Error(`${method} ${path}: ${env.code} ${env.msg}`);
  return env.data;
}

/** A staff session by e-mail and password (roles without a second factor). */
export async function staffToken(baseUrl: string, email: string, password: string, totp?: string) {
  const res = await fetch(`${baseUrl}/admin-api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: 'en' },
    body: JSON.stringify({ email, password, ...(totp ? { totp } : {}) }),
  });
  const env = (await res.json()) as Envelope<{ token: string }>;
  if (env.code !== 1) throw new Error(`staff login ${email}: ${env.msg}`);
  return env.data.token;
}

/**
 * The first owner, signed in with the password the first start printed and a second factor
 * enrolled on the spot: what an operator does on day one (only in a server of the test's own).
 */
export async function firstOwnerToken(baseUrl: string, startLog: string): Promise<string> {
  const m = /Back office: first owner created[\s\S]*?password: (\S+)/.exec(startLog);
  if (!m) throw new Error('the first owner was not announced in the start-up output');
  const token = await staffToken(baseUrl, 'owner@meridian.local', m[1]!);
  const { secret } = await staffApi<{ secret: string }>(baseUrl, token, 'POST', '/auth/totp/start');
  await staffApi(baseUrl, token, 'POST', '/auth/totp/confirm', { code: currentTotp(secret) });
  return token;
}

/** A staff account of `role` (no second factor needed for it), created by the owner. */
export async function createStaff(baseUrl: string, ownerToken: string, role: string, email: string) {
  const password = `Staff-${role}-2026-pass`;
  await staffApi(baseUrl, ownerToken, 'POST', '/staff', { email, name: `${role} desk`, role, password });
  return { email, password, token: await staffToken(baseUrl, email, password) };
}

const form = (body: Record<string, string>, token?: string) => ({
  method: 'POST',
  headers: {
    'content-type': 'application/x-www-form-urlencoded',
    lang: 'en',
    ...(token ? { authorization: token } : {}),
  },
  body: new URLSearchParams(body).toString(),
});

/** A call of the trader's API; throws unless it answers code 1. */
export async function traderApi<T = unknown>(
  baseUrl: string,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  params: Record<string, string> = {},
): Promise<T> {
  const res =
    method === 'GET'
      ? await fetch(`${baseUrl}${path}?${new URLSearchParams(params)}`, {
          headers: { authorization: token, lang: 'en' },
        })
      : await fetch(`${baseUrl}${path}`, form(params, token));
  const env = (await res.json()) as Envelope<T>;
  if (env.code !== 1) throw new Error(`${method} ${path}: ${env.code} ${env.msg}`);
  return env.data;
}

/**
 * Registers a real account by e-mail through the public API, the code read from the outbox log as
 * the default install prints it (the invite code too, unless one is given).
 */
export async function registerAccount(
  baseUrl: string,
  readLog: () => Promise<string> | string,
  email: string,
  password: string,
  inviteCode?: string,
): Promise<void> {
  const invite = inviteCode ?? /Registration invite code: (\w+)/.exec(await readLog())?.[1];
  if (!invite) throw new Error('no invite code in the start-up output');
  const since = Date.now() - 1000;
  await fetch(`${baseUrl}/api/notify/send_email`, form({ to: email, type: '1' }));
  let code = '';
  for (let i = 0; i < 50 && !code; i++) {
    const line = (await readLog())
      .split('\n')
      .filter((l) => l.includes('verification code (outbox)'))
      .map((l) => JSON.parse(l) as { target: string; code: string; time: number })
      .filter((l) => l.target === email && l.time >= since)
      .at(-1);
    code = line?.code ?? '';
    if (!code) await new Promise((r) => setTimeout(r, 200));
  }
  const reg = (await (
    await fetch(
      `${baseUrl}/api/user/register`,
      form({
        type: '1',
        account: email,
        password,
        re_password: password,
        invite_code: invite,
        sms_code: code,
      }),
    )
  ).json()) as Envelope<unknown>;
  if (reg.code !== 1) throw new Error(`register ${email}: ${reg.msg}`);
}

/** registerAccount, then signed in: answers the session token. */
export async function registerTrader(
  baseUrl: string,
  readLog: () => Promise<string> | string,
  email: string,
  password: string,
): Promise<string> {
  await registerAccount(baseUrl, readLog, email, password);
  const login = (await (
    await fetch(`${baseUrl}/api/user/loginForU`, form({ account: email, password, login_type: '1' }))
  ).json()) as Envelope<{ token: string }>;
  if (login.code !== 1) throw new Error(`login ${email}: ${login.msg}`);
  return login.data.token;
}
/** A PNG of a colour (another colour, other bytes: two uploads are two images). */
export const pngOf = async (background: string) => {
  const sharp = (await import('sharp')).default;
  return sharp({ create: { width: 480, height: 300, channels: 3, background } })
    .png()
    .toBuffer();
};

/** Uploads a private image as the trader's app does; answers its URL. */
export async function uploadPrivateImage(baseUrl: string, token: string, bytes: Buffer): Promise<string> {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'id.png');
  const res = await fetch(`${baseUrl}/api/common/image_upload`, {
    method: 'POST',
    headers: { authorization: token, lang: 'en' },
    body,
  });
  const env = (await res.json()) as Envelope<{ url: string }>;
  if (env.code !== 1) throw new Error(`upload: ${env.msg}`);
  return env.data.url;
}

/**
 * A trader's real name submitted and approved through the calls (withdrawals need it while the
 * platform setting is on), for tests about something else. Answers the submission's id.
 */
export async function verifyRealNameByApi(baseUrl: string, traderToken: string, staffToken: string) {
  const front = await uploadPrivateImage(baseUrl, traderToken, await pngOf('#2a6'));
  const back = await uploadPrivateImage(baseUrl, traderToken, await pngOf('#26a'));
  const cardId = `E2E${Date.now().toString(36).toUpperCase()}`;
  await traderApi(baseUrl, traderToken, 'POST', '/api/user_real/real_name', {
    name: 'E2E Trader',
    card_id: cardId,
    front_pic: front,
    reverse_pic: back,
  });
  const list = await staffApi<{ rows: Array<{ id: number; cardId: string }> }>(
    baseUrl,
    staffToken,
    'GET',
    `/real-names?status=1&q=${cardId}`,
  );
  const id = list.rows.find((r) => r.cardId === cardId)?.id;
  if (!id) throw new Error('the submission is not in the review queue');
  await staffApi(baseUrl, staffToken, 'POST', `/real-names/${id}/approve`, { note: '' });
  return id;
}
