import { STAFF_API_PREFIX, type StaffRole } from '@meridian/contracts';
import sharp from 'sharp';
import { currentTotp } from '../../src/modules/staff/totp.ts';
import type { TestServer } from './test-server.ts';

export type Envelope = { code: number; msg: string; data: any };

/** The owner the test server creates at start (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const teamOwnerEnv = (domain: string) => ({
  ADMIN_EMAIL: `owner@${domain}`,
  ADMIN_PASSWORD: 'owner-password-1',
});

/**
 * Signs in the owner (enrolling a second factor) and creates one member of staff per role asked,
 * signed in; answers a call helper and each role's token. `domain` keeps the e-mails of one file
 * apart from another's.
 */
export async function staffTeam(s: TestServer, domain: string, roles: StaffRole[]) {
  const tokens = {} as Record<StaffRole, string>;
  const call = async (
    token: string | undefined,
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Envelope> =>
    (
      await s.app.inject({
        method,
        url: `${STAFF_API_PREFIX}${url}`,
        headers: {
          lang: 'en',
          ...headers,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        },
        ...(method === 'POST' ? { payload: JSON.stringify(body ?? {}) } : {}),
      })
    ).json() as Envelope;
  const enrol = async (token: string) => {
    const start = await call(token, 'POST', '/auth/totp/start');
    const done = await call(token, 'POST', '/auth/totp/confirm', { code: currentTotp(start.data.secret) });
    if (done.code !== 1) throw new Error(`TOTP enrolment: ${done.msg}`);
  };
  const login = async (email: string, password: string) => {
    const r = await call(undefined, 'POST', '/auth/login', { email, password });
    if (r.code !== 1) throw new Error(`staff login ${email}: ${r.msg}`);
    const token = r.data.token as string;
    if (r.data.mustEnrolTotp) await enrol(token);
    return token;
  };
  const owner = teamOwnerEnv(domain);
  tokens.owner = await login(owner.ADMIN_EMAIL, owner.ADMIN_PASSWORD);
  for (const role of roles.filter((r) => r !== 'owner')) {
    const created = await call(tokens.owner, 'POST', '/staff', {
      email: `${role}@${domain}`,
      name: role,
      role,
      password: 'staff-password-1',
    });
    if (created.code !== 1) throw new Error(`create ${role}: ${created.msg}`);
    tokens[role] = await login(`${role}@${domain}`, 'staff-password-1');
  }
  /** A call as one role (or with no token). */
  const as = (role: StaffRole | null, method: 'GET' | 'POST', url: string, body?: unknown) =>
    call(role ? tokens[role] : undefined, method, url, body);
  /** Uploads a file (multipart `file`) to a staff call over real HTTP, as the back office does. */
  const upload = async (
    role: StaffRole,
    url: string,
    bytes: Buffer,
    name = 'image.png',
    type = 'image/png',
  ) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    const res = await fetch(`${s.baseUrl}${STAFF_API_PREFIX}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[role]}`, lang: 'en' },
      body: form,
    });
    return (await res.json()) as Envelope;
  };
  return { tokens, call, as, upload };
}

/** A PNG of a size and colour (other colours, other bytes). */
export const pngOf = (width: number, height: number, background = '#2a6') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
