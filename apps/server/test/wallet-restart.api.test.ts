import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { STAFF_API_PREFIX } from '@meridian/contracts';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentTotp } from '../src/modules/staff/totp.ts';
import { createScratchDatabase, isPostgresReachable } from './support/databases.ts';

/**
 * SIGKILL during a burst of deposits, withdrawals and reviews (issue 6): after a restart the books
 * reconcile, nothing acknowledged is lost, and nothing is left half-applied. The child server runs
 * on a scratch PostgreSQL database, so the test can read its outbox and rows while it runs.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const PORT = 18753;
const base = `http://127.0.0.1:${PORT}`;
const OWNER = { email: 'owner@kill.test', password: 'owner-password-1' };
const reachable = await isPostgresReachable();
let child: ChildProcess | undefined;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
let db: pg.Client | undefined;

function start(url: string) {
  child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      DATABASE_URL: url,
      MARKET_HISTORY_DAYS: '2',
      CLOCK_START: '2026-11-18T12:00:00Z',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
    },
    stdio: 'ignore',
  });
}
async function waitHealthy() {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not come up');
}
type Env = { code: number; msg: string; data: any };
const call = async (url: string, init: RequestInit = {}): Promise<Env> =>
  (await (
    await fetch(`${base}${url}`, { ...init, headers: { lang: 'en', ...(init.headers ?? {}) } })
  ).json()) as Env;
const form = (token: string, url: string, body: Record<string, string | number>) =>
  call(url, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(
      Object.entries(body).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString(),
  });
const staffCall = (token: string, method: string, url: string, body?: unknown) =>
  call(`${STAFF_API_PREFIX}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

describe.skipIf(!reachable)('the wallet after a crash (PostgreSQL)', () => {
  beforeAll(async () => {
    scratch = await createScratchDatabase();
    start(scratch.url);
    await waitHealthy();
    db = new pg.Client({ connectionString: scratch.url });
    await db.connect();
  }, 90_000);
  afterAll(async () => {
    child?.kill('SIGKILL');
    await db?.end().catch(() => {});
    await scratch?.drop();
  });

  it('loses nothing acknowledged and leaves nothing half-applied when killed mid-burst', async () => {
    // Staff: the owner with a second factor.
    const login = await call(`${STAFF_API_PREFIX}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(OWNER),
    });
    const staff = login.data.token as string;
    const secret = (await staffCall(staff, 'POST', '/auth/totp/start')).data.secret;
    expect((await staffCall(staff, 'POST', '/auth/totp/confirm', { code: currentTotp(secret) })).code).toBe(
      1,
    );

    // Three real accounts (codes read from the outbox table).
    const invite = (await db!.query('select code from platform_invite_codes limit 1')).rows[0].code;
    const tokens: string[] = [];
    for (let i = 0; i < 3; i++) {
      const email = `kill${i}@wallet.test`;
      await call('/api/notify/send_email', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `to=${email}&type=1`,
      });
      const body = (
        await db!.query('select body from outbox_messages where target = $1 order by id desc limit 1', [
          email,
        ])
      ).rows[0].body;
      const code = /\b(\d{6})\b/.exec(body)![1]!;
      const reg = await call('/api/user/register', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          type: '1',
          account: email,
          password: 'secret123',
          re_password: 'secret123',
          invite_code: invite,
          sms_code: code,
        }).toString(),
      });
      expect(reg.code, reg.msg).toBe(1);
      tokens.push(reg.data.token);
    }
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const upload = async (token: string) => {
      const fd = new FormData();
      fd.append('file', new Blob([png], { type: 'image/png' }), 'p.png');
      return (
        await call('/api/common/image_upload', {
          method: 'POST',
          headers: { authorization: token },
          body: fd,
        })
      ).data.url as string;
    };
    // Real names verified: withdrawals need an approved one while the setting is on (the default).
    for (const [i, t] of tokens.entries()) {
      const sent = await form(t, '/api/user_real/real_name', {
        name: `Kill Test ${i}`,
        card_id: `KILL${i}000`,
        front_pic: await upload(t),
        reverse_pic: await upload(t),
      });
      expect(sent.code, sent.msg).toBe(1);
    }
    const waiting = (await staffCall(staff, 'GET', '/real-names?status=1')).data.rows;
    expect(waiting).toHaveLength(tokens.length);
    for (const r of waiting)
      expect((await staffCall(staff, 'POST', `/real-names/${r.id}/approve`, {})).code).toBe(1);
    const coin = (await call('/api/quickCharge/info', { headers: { authorization: tokens[0]! } })).data[0].id;
    const currencies = (
      await call('/api/account/draw_symbol_list?type=1', { headers: { authorization: tokens[0]! } })
    ).data;
    const trc = currencies.find((c: any) => c.protocol === 'TRC20').id;
    const methods: number[] = [];
    for (const t of tokens)
      methods.push(
        (
          await form(t, '/api/wallet/bind_draw_method', {
            draw_id: trc,
            type: 1,
            dc_address: 'TKillTestAddress0000000000000001',
            network: 'TRC20',
          })
        ).data.id,
      );
    // Fund each account first (acknowledged approvals).
    for (const t of tokens) {
      await call(
        `/api/quickCharge/submit?number=1000&proofImg=${encodeURIComponent(await upload(t))}&charge_id=${coin}`,
        { headers: { authorization: t } },
      );
    }
    for (const d of (await staffCall(staff, 'GET', '/deposits?status=0&pageSize=50')).data.rows)
      expect(
        (await staffCall(staff, 'POST', `/deposits/${d.id}/review`, { action: 'approve', reason: 'Funding' }))
          .code,
      ).toBe(1);

    // The burst: deposits, withdrawals and reviews in flight; acknowledged ones are recorded.
    const acked = { deposits: 0, approvals: [] as number[], withdrawals: 0, paid: [] as number[] };
    const proofs = await Promise.all(tokens.map((t) => upload(t)));
    const burst: Array<Promise<unknown>> = [];
    for (let round = 0; round < 15; round++) {
      tokens.forEach((t, i) => {
        burst.push(
          call(
            `/api/quickCharge/submit?number=${10 + round}&proofImg=${encodeURIComponent(proofs[i]!)}&charge_id=${coin}`,
            { headers: { authorization: t } },
          )
            .then((r) => r.code === 1 && acked.deposits++)
            .catch(() => undefined),
        );
        burst.push(
          form(t, '/api/account/draw', {
            draw_currency_id: trc,
            number: 20 + round,
            draw_method_id: methods[i]!,
          })
            .then((r) => r.code === 1 && acked.withdrawals++)
            .catch(() => undefined),
        );
      });
      burst.push(
        staffCall(staff, 'GET', '/deposits?status=0&pageSize=5')
          .then(async (r) => {
            for (const d of r.data?.rows ?? []) {
              const ok = await staffCall(staff, 'POST', `/deposits/${d.id}/review`, {
                action: 'approve',
                reason: 'Burst',
              });
              if (ok.code === 1) acked.approvals.push(d.id);
            }
          })
          .catch(() => undefined),
      );
      burst.push(
        staffCall(staff, 'GET', '/withdrawals?status=0&pageSize=5')
          .then(async (r) => {
            for (const w of r.data?.rows ?? []) {
              const ok = await staffCall(staff, 'POST', `/withdrawals/${w.id}/review`, {
                action: 'pay',
                reason: 'Burst',
              });
              if (ok.code === 1) acked.paid.push(w.id);
            }
          })
          .catch(() => undefined),
      );
      if (round === 9) {
        await new Promise((r) => setTimeout(r, 30));
        child!.kill('SIGKILL');
      }
    }
    await Promise.allSettled(burst);
    // The kill came mid-burst: some requests were answered before it, others never were.
    expect(acked.deposits + acked.withdrawals).toBeGreaterThan(0);
    expect(acked.deposits + acked.withdrawals).toBeLessThan(90);
    await new Promise((r) =>
      child!.exitCode !== null || child!.signalCode ? r(null) : child!.once('exit', r),
    );
    start(scratch!.url);
    await waitHealthy();

    const count = async (q: string, p: unknown[] = []) => Number((await db!.query(q, p)).rows[0].n);
    // The books reconcile, and nothing is left mid-way.
    expect(
      await count(`select count(*) as n from (select u.id from users u left join ledger_entries l on l.user_id = u.id
        group by u.id, u.balance, u.lock_balance, u.margin
        having u.balance <> coalesce(sum(l.balance_delta), 0) or u.lock_balance <> coalesce(sum(l.lock_delta), 0)
            or u.margin <> coalesce(sum(l.margin_delta), 0)) x`),
    ).toBe(0);
    expect(await count('select count(*) as n from deposits where status = 5')).toBe(0);
    expect(await count('select count(*) as n from withdrawals where status in (-1, 8, 9)')).toBe(0);
    // Every acknowledged request is there, and every acknowledged review took effect once.
    expect(await count('select count(*) as n from deposits')).toBeGreaterThanOrEqual(3 + acked.deposits);
    expect(await count('select count(*) as n from withdrawals where status >= 0')).toBeGreaterThanOrEqual(
      acked.withdrawals,
    );
    for (const id of acked.approvals) {
      expect(await count('select count(*) as n from deposits where id = $1 and status = 1', [id])).toBe(1);
      expect(
        await count('select count(*) as n from ledger_entries where idempotency_key = $1', [`deposit:${id}`]),
      ).toBe(1);
    }
    for (const id of acked.paid)
      expect(await count('select count(*) as n from withdrawals where id = $1 and status = 1', [id])).toBe(1);
    // Every withdrawal that stands has its freeze in the ledger, and none that was refused does.
    expect(
      await count(`select count(*) as n from withdrawals w where w.status >= 0 and not exists
        (select 1 from ledger_entries l where l.idempotency_key = 'withdraw-freeze:' || w.id)`),
    ).toBe(0);
    // The server works on after the restart.
    const after = await form(tokens[0]!, '/api/account/draw', {
      draw_currency_id: trc,
      number: 15,
      draw_method_id: methods[0]!,
    });
    expect([1, 6012]).toContain(after.code);
  }, 120_000);
});
