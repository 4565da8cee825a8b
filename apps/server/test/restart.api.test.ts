import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { STAFF_API_PREFIX } from '@meridian/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { SecretBox } from '../src/lib/secret-box.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import { findStaffById, insertStaff } from '../src/modules/staff/staff.repository.ts';
import { currentTotp } from '../src/modules/staff/totp.ts';
import { createServer } from '../src/server.ts';
import { ManualClock, WEDNESDAY_NOON_UTC } from './support/clock.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'meridian-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function boot(clock: ManualClock) {
  const config = loadConfig({ DATA_DIR: dataDir, MARKET_HISTORY_DAYS: '2', LOG_LEVEL: 'silent' });
  return createServer({ config, clock, autoStartMarket: false, logger: false });
}

const json = async (s: Awaited<ReturnType<typeof boot>>, url: string) =>
  (await s.app.inject({ method: 'GET', url })).json().data;

describe('restart on the embedded database', () => {
  it('keeps seeds, accounts and candles, and continues the chart from where the market stood', async () => {
    const clock = new ManualClock(WEDNESDAY_NOON_UTC);
    let s = await boot(clock);
    const invite = s.seed.inviteCode;
    const demo = await json(s, '/api/user/createAccountDemoForU?demo_id=restart-device-01');
    for (let i = 0; i < 240; i++) s.market.step(clock.advance(500)); // two minutes of ticks
    const instrumentCount = (await json(s, '/v1/api/forex/trade_list')).length;
    const btc = (await json(s, '/v1/api/forex/trade_list?searchCurrency=BTCUSD'))[0];
    const before = await json(s, `/v1/api/forex/kline?forex_id=${btc.Id}&period=1min`);
    const liveBefore = (await json(s, '/v1/api/forex/trade_list?searchCurrency=BTCUSD'))[0].ForexQuotations;
    // Closing twice (a second signal during shutdown) waits for the first close, never fails.
    await Promise.all([s.close(), s.close()]);
    await s.close();

    const stoppedAtSec = clock.ms / 1000;
    const restartedAtSec = clock.advance(10 * 60_000) / 1000; // ten minutes down
    s = await boot(clock);
    expect(s.seed).toEqual({ inviteCode: invite, seededNow: false });
    expect((await json(s, '/v1/api/forex/trade_list')).length).toBe(instrumentCount); // not seeded twice
    const again = await json(s, '/api/user/createAccountDemoForU?demo_id=restart-device-01');
    expect(again.user.id).toBe(demo.user.id);
    const lastBefore = before.at(-2); // the last closed candle before the stop
    // The market continues from its last live quote before the stop: not from a price invented for
    // the downtime, nor from the last stored 1-minute close (up to a minute back, which crossed stops
    // the market never reached again).
    const quote = (await json(s, '/v1/api/forex/trade_list?searchCurrency=BTCUSD'))[0];
    expect(quote.ForexQuotations.Close).toBe(liveBefore.Close);
    expect(liveBefore.Close).not.toBe(lastBefore.Close);
    for (let i = 0; i < 240; i++) s.market.step(clock.advance(500)); // two minutes after the restart
    const after = await json(s, `/v1/api/forex/kline?forex_id=${btc.Id}&period=1min`);
    const times: number[] = after.map((c: { Time: number }) => c.Time);
    for (let i = 1; i < times.length; i++) expect(times[i]!).toBeGreaterThan(times[i - 1]!);
    // Every minute before the stop is there as it was; none for the ten minutes down (no prices were
    // made up for them, so none crossed a stop that no engine was running to fill); new ones after.
    expect(after.find((c: { Time: number }) => c.Time === lastBefore.Time)).toEqual(lastBefore);
    const beforeStop: number[] = before.slice(0, -1).map((c: { Time: number }) => c.Time);
    const kept = times.filter((t) => t <= lastBefore.Time);
    expect(kept).toEqual(beforeStop.slice(-kept.length));
    // The minute forming at the stop is kept as it stood (its ticks are in no other candle), and
    // nothing after it until the restart.
    const forming = before.at(-1);
    expect(after.find((c: { Time: number }) => c.Time === forming.Time)).toEqual(forming);
    expect(times.filter((t) => t > forming.Time && t + 60 <= restartedAtSec)).toEqual([]);
    expect(times.filter((t) => t > stoppedAtSec).length).toBeGreaterThanOrEqual(2);
    expect(times.at(-1)).toBeGreaterThanOrEqual(Math.floor(clock.ms / 60_000) * 60 - 60);
    await s.close();

    // A restart with an earlier clock (CLOCK_START in demos): stored candles now lie in the future,
    // yet the chart still gets times in order and none after the clock.
    clock.ms -= 60 * 60_000;
    s = await boot(clock);
    const earlier: Array<{ Time: number }> = await json(
      s,
      `/v1/api/forex/kline?forex_id=${btc.Id}&period=1min`,
    );
    const t2 = earlier.map((c) => c.Time);
    expect([...t2].sort((a, b) => a - b)).toEqual(t2);
    expect(new Set(t2).size).toBe(t2.length);
    expect(Math.max(...t2)).toBeLessThanOrEqual(clock.ms / 1000);
    await s.close();
  });

  it('keeps positions on a hidden instrument, and the pairs converting through it, priced and closable after a restart', async () => {
    const clock = new ManualClock(WEDNESDAY_NOON_UTC);
    let s = await boot(clock);
    const step = (n: number) => {
      for (let i = 0; i < n; i++) s.market.step(clock.advance(500));
    };
    step(20);
    const demo = await json(s, '/api/user/createAccountDemoForU?demo_id=restart-hidden-01');
    const call = async (url: string) =>
      (await s.app.inject({ method: 'GET', url, headers: { authorization: demo.token, lang: 'en' } })).json();
    const idOf = async (code: string) =>
      (await json(s, `/v1/api/forex/trade_list?searchCurrency=${code}`))[0].Id;
    const usdjpy = await idOf('USDJPY');
    const eurjpy = await idOf('EURJPY');
    for (const id of [usdjpy, eurjpy])
      expect(
        (await call(`/v1/api/forex/submit?type=1&cont=1&forex_id=${id}&status=1&multiple=100`)).code,
      ).toBe(1);
    // Staff hide USD/JPY, and add a second USD/JPY quote listed first (sort 0) at a made-up price:
    // neither may change how JPY converts, now or after a restart.
    await s.database.db.execute(sql`update instruments set enabled = false where id = ${usdjpy}`);
    await s.database.db.execute(sql`
      insert into instruments (code, show_code, category_id, base_currency, quote_currency, price_precision,
        lot_step, min_lots, contract_size, fee_rate, margin_mode, leverage_options, spread_points, session,
        session_zone, reference_price, annual_volatility, tick_interval_ms, sort, enabled)
      select 'USDJPYB', 'USD/JPY B', category_id, base_currency, quote_currency, price_precision, lot_step,
        min_lots, contract_size, fee_rate, margin_mode, leverage_options, spread_points, session, session_zone,
        100, annual_volatility, tick_interval_ms, 0, false
      from instruments where id = ${usdjpy}`);
    await s.close();

    s = await boot(clock);
    step(20);
    const held = await call('/v1/api/forex/my_deal?status=1&page=1');
    expect(held.data.data).toHaveLength(2);
    // Both priced: a profit of some cents either way, never the 0 of an unpriced position, and
    // JPY still at USD/JPY's own rate (~152, not the made-up 100: a 1-lot EUR/JPY margin ~ EUR 1 000).
    for (const o of held.data.data) {
      expect(o.ForexTradeLists.ShowCode).not.toBe('');
      expect(o.UpdatePrice).toBeGreaterThan(0);
    }
    const jpy = s.engine.rates()('JPY');
    expect(jpy?.pair).toBe('USD/XXX');
    expect(Number(jpy!.bid.n) / 10 ** jpy!.bid.s).toBeGreaterThan(120); // USD/JPY's own ~152, not 100
    const summary = await call('/v1/api/main/account/forexDetail');
    expect(Number(summary.data.ProfitsTotal)).not.toBe(0);
    // And closable by the trader.
    for (const o of held.data.data) expect((await call(`/v1/api/forex/close?id=${o.Id}`)).code).toBe(1);
    await s.close();
  });

  it("seals a TOTP seed stored in clear at the next start, with the data folder's key, and still signs in with it", async () => {
    const clock = new ManualClock(WEDNESDAY_NOON_UTC);
    let s = await boot(clock);
    const seed = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    // As a server before sealing existed stored it.
    const staff = (await insertStaff(s.database.db, {
      email: 'sealed@test.local',
      name: 'Sealed',
      role: 'support',
      passwordHash: await hashPassword('staff-password-1'),
      totpSecret: seed,
    }))!;
    await s.close();

    s = await boot(clock);
    const stored = (await findStaffById(s.database.db, staff.id))!.totpSecret!;
    expect(stored.startsWith('v1.')).toBe(true);
    expect(stored).not.toContain(seed);
    // Sealed with the key the first start left in the data folder, owner-readable only.
    const keyFile = path.join(dataDir, 'secrets.key');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const box = new SecretBox(Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'base64'));
    expect(box.open(stored, `staff:${staff.id}:totp`)).toBe(seed);
    const login = await s.app.inject({
      method: 'POST',
      url: `${STAFF_API_PREFIX}/auth/login`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        email: 'sealed@test.local',
        password: 'staff-password-1',
        totp: currentTotp(seed),
      }),
    });
    expect(login.json().code, login.json().msg).toBe(1);
    await s.close();

    // Another key (a new SECRETS_KEY instead of the file's, a data folder lost): the server refuses
    // to start and says which key to use, instead of locking every staff member out at sign-in.
    const bootWith = (SECRETS_KEY: string) =>
      createServer({
        config: loadConfig({ DATA_DIR: dataDir, MARKET_HISTORY_DAYS: '2', LOG_LEVEL: 'silent', SECRETS_KEY }),
        clock,
        autoStartMarket: false,
        logger: false,
      });
    const fileKey = readFileSync(keyFile, 'utf8').trim();
    const other = randomBytes(32).toString('base64');
    const fileBackup = `${keyFile}.moved`;
    renameSync(keyFile, fileBackup);
    await expect(bootWith(other)).rejects.toThrow(/TOTP seeds of staff \d+ do not open with SECRETS_KEY/);
    renameSync(fileBackup, keyFile);
    // The file's key given as SECRETS_KEY opens them.
    s = await bootWith(fileKey);
    await s.close();
    // A new SECRETS_KEY with the old secrets.key still there: the seeds are sealed again under it.
    s = await bootWith(other);
    const resealed = (await findStaffById(s.database.db, staff.id))!.totpSecret!;
    expect(resealed).not.toBe(stored);
    expect(new SecretBox(Buffer.from(other, 'base64')).open(resealed, `staff:${staff.id}:totp`)).toBe(seed);
    await s.close();
    rmSync(keyFile);
    s = await bootWith(other);
    await s.close();
  });
});
