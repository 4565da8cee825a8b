import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
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
  it('keeps seeds, accounts and candles, and continues the chart without a hole', async () => {
    const clock = new ManualClock(WEDNESDAY_NOON_UTC);
    let s = await boot(clock);
    const invite = s.seed.inviteCode;
    const demo = await json(s, '/api/user/createAccountDemoForU?demo_id=restart-device-01');
    for (let i = 0; i < 240; i++) s.market.step(clock.advance(500)); // two minutes of ticks
    const instrumentCount = (await json(s, '/v1/api/forex/trade_list')).length;
    const btc = (await json(s, '/v1/api/forex/trade_list?searchCurrency=BTCUSD'))[0];
    const before = await json(s, `/v1/api/forex/kline?forex_id=${btc.Id}&period=1min`);
    await s.close();

    clock.advance(10 * 60_000); // ten minutes down
    s = await boot(clock);
    expect(s.seed).toEqual({ inviteCode: invite, seededNow: false });
    expect((await json(s, '/v1/api/forex/trade_list')).length).toBe(instrumentCount); // not seeded twice
    const again = await json(s, '/api/user/createAccountDemoForU?demo_id=restart-device-01');
    expect(again.user.id).toBe(demo.user.id);
    const after = await json(s, `/v1/api/forex/kline?forex_id=${btc.Id}&period=1min`);
    const times: number[] = after.map((c: { Time: number }) => c.Time);
    // every minute up to now is there once, including the ones before the stop and the downtime
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBe(60);
    const lastBefore = before.at(-2); // the last closed candle before the stop
    expect(after.find((c: { Time: number }) => c.Time === lastBefore.Time)).toEqual(lastBefore);
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
});
