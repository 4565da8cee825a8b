import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROVIDER_STATUS } from '@meridian/contracts';
import { LEDGER_TYPE } from '@meridian/domain';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { signalProviders, users } from '../src/db/schema.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import { findMismatchedAccounts } from '../src/modules/ledger/ledger.repository.ts';
import { moveMoney } from '../src/modules/ledger/move-money.ts';
import { seedIfEmpty } from '../src/seed.ts';
import { createScratchDatabase, DB_KINDS } from './support/databases.ts';

/**
 * SIGKILL while a provider's orders are being mirrored (issue 30): a provider order and its copies
 * are one journal batch, so after the crash every provider order the database holds has a copy or
 * a refusal in every follow, no copy exists without its provider order, every acknowledged order
 * is there, and the books reconcile; after a restart copies still close with their provider.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const FOLLOWERS = 12;
const PASSWORD = 'copy-kill-password-1';

describe.each(DB_KINDS)('copy mirroring through SIGKILL on %s', (kind) => {
  const port = kind === 'pglite' ? 18761 : 18762;
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'meridian-copy-kill-'));
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | null = null;
  let child: ChildProcess | undefined;

  const open = (): Promise<Database> => openDatabase({ dataDir, ...(scratch ? { url: scratch.url } : {}) });
  const start = () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        ...(scratch ? { DATABASE_URL: scratch.url } : {}),
        MARKET_HISTORY_DAYS: '2',
        CLOCK_START: '2026-11-18T12:00:00Z',
        PROVIDER_BOTS: '0',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
  };
  const waitHealthy = async () => {
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`${base}/healthz`)).ok) return;
      } catch {}
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('server did not come up');
  };
  const kill = async () => {
    const c = child!;
    c.kill('SIGKILL');
    if (c.exitCode === null && c.signalCode === null) await new Promise((r) => c.once('exit', r));
  };
  const call = async (method: 'GET' | 'POST', url: string, token: string, body?: object) =>
    (await (
      await fetch(`${base}${url}`, {
        method,
        headers: {
          lang: 'en',
          authorization: token,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      })
    ).json()) as { code: number; msg: string; data: any };
  const login = async (email: string) => {
    const r = (await (
      await fetch(`${base}/api/user/loginForU`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', lang: 'en' },
        body: new URLSearchParams({ account: email, password: PASSWORD, login_type: '1' }),
      })
    ).json()) as { code: number; msg: string; data: { token: string } };
    if (r.code !== 1) throw new Error(`login ${email}: ${r.msg}`);
    return r.data.token;
  };
  const rows = async <T>(db: Database, q: ReturnType<typeof sql>) =>
    ((await db.db.execute(q)) as unknown as { rows: T[] }).rows;

  afterAll(async () => {
    if (child && child.exitCode === null) await kill();
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  });

  it('loses no acknowledged copy and leaves no orphan, then copies close with the provider', {
    timeout: 240_000,
  }, async () => {
    if (kind === 'postgres') scratch = await createScratchDatabase();
    // Accounts made in the database before the server starts: a provider and its followers.
    const setup = await open();
    await seedIfEmpty(setup.db, '100000.00');
    const hash = await hashPassword(PASSWORD);
    const made: Array<{ id: number; email: string }> = [];
    for (let i = 0; i <= FOLLOWERS; i++) {
      const email = `${i === 0 ? 'provider' : `follower${i}`}@copy-kill.test`;
      const [u] = await setup.db
        .insert(users)
        .values({
          uid: `5${kind.length}${String(i).padStart(6, '0')}`,
          inviteCode: `CK${i}X`,
          email,
          passwordHash: hash,
        })
        .returning();
      await moveMoney(setup.db, { userId: u!.id, type: LEDGER_TYPE.DEPOSIT_CREDIT, balanceDelta: '100000' });
      made.push({ id: u!.id, email });
    }
    const now = new Date();
    await setup.db.insert(signalProviders).values({
      userId: made[0]!.id,
      status: PROVIDER_STATUS.APPROVED,
      nickname: 'Crash test',
      appliedAt: now,
      reviewedAt: now,
      updatedAt: now,
    });
    await setup.close();

    start();
    await waitHealthy();
    const provider = await login(made[0]!.email);
    const btc = (await call('GET', '/v1/api/forex/trade_list?searchCurrency=BTCUSD', provider)).data[0];
    const followIds: number[] = [];
    for (const f of made.slice(1)) {
      const r = await call('POST', '/api/follow/start', await login(f.email), {
        provider_id: made[0]!.id,
        amount: '5000',
        sizing: 2,
        multiplier: '1',
      });
      expect(r.code, r.msg).toBe(1);
      followIds.push(r.data.id);
    }
    const order = () =>
      call('GET', `/v1/api/forex/submit?type=1&cont=0.01&forex_id=${btc.Id}&status=1&multiple=10`, provider);
    const first = await order();
    expect(first.code, first.msg).toBe(1);
    // A burst of provider orders, killed while they are being decided and written.
    const acknowledged: number[] = [first.data.Id];
    const burst = Array.from({ length: 40 }, () =>
      order().then(
        (r) => {
          if (r.code === 1) acknowledged.push(r.data.Id);
        },
        () => undefined, // the connection the kill cut
      ),
    );
    await new Promise((r) => setTimeout(r, 40));
    await kill();
    await Promise.all(burst);

    const db = await open();
    const held = await rows<{ id: number }>(
      db,
      sql`select id from orders where user_id = ${made[0]!.id} and status in (1, 3)`,
    );
    expect(held.length).toBeGreaterThanOrEqual(acknowledged.length);
    const heldIds = new Set(held.map((r) => Number(r.id)));
    for (const id of acknowledged) expect(heldIds.has(id), `acknowledged order ${id}`).toBe(true);
    // Every provider order there has its copy (or a refusal) in every follow: never half a batch.
    for (const id of heldIds) {
      const [n] = await rows<{ copies: number; refusals: number }>(
        db,
        sql`select (select count(*)::int from orders where copy_of_order_id = ${id}) as copies,
                   (select count(*)::int from copy_refusals where provider_order_id = ${id}) as refusals`,
      );
      expect(n!.copies + n!.refusals, `provider order ${id}`).toBe(FOLLOWERS);
    }
    const orphans = await rows<{ id: number }>(
      db,
      sql`select c.id from orders c left join orders p on p.id = c.copy_of_order_id
          where c.copy_of_order_id is not null and p.id is null`,
    );
    expect(orphans).toEqual([]);
    expect(await findMismatchedAccounts(db.db)).toEqual([]);
    await db.close();

    // After a restart the engine knows the follows and the copies again: a close closes them.
    start();
    await waitHealthy();
    const token = await login(made[0]!.email);
    const closed = await call('GET', `/v1/api/forex/close?id=${first.data.Id}`, token);
    expect(closed.code, closed.msg).toBe(1);
    const follower = await login(made[1]!.email);
    const mine = await call('GET', '/api/follow/mine', follower);
    expect(
      mine.data[0].copies.some((c: { provider_order_id: number }) => c.provider_order_id === first.data.Id),
    ).toBe(false);
    expect(mine.data[0].copies.length).toBe(heldIds.size - 1);
    await kill();
  });
});
