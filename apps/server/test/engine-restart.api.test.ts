import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'meridian-kill-'));
const PORT = 18741;
const base = `http://127.0.0.1:${PORT}`;
let child: ChildProcess | undefined;

function start() {
  child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      MARKET_HISTORY_DAYS: '2',
      CLOCK_START: '2026-11-18T12:00:00Z',
      LOG_LEVEL: 'warn',
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

const get = async (url: string, token?: string) =>
  (await (
    await fetch(`${base}${url}`, { headers: { lang: 'en', ...(token ? { authorization: token } : {}) } })
  ).json()) as {
    code: number;
    data: any;
  };

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the engine after a crash', () => {
  it('keeps positions and pending orders through SIGKILL, and their triggers still fire after restart', async () => {
    start();
    await waitHealthy();
    const { token } = (await get('/api/user/createAccountDemoForU?demo_id=kill-device-0001')).data;
    const btc = (await get('/v1/api/forex/trade_list?searchCurrency=BTCUSD')).data[0];
    const latestAsk = async (): Promise<number> =>
      (await get('/v1/api/forex/trade_list?searchCurrency=BTCUSD')).data[0].ForexQuotations.Ask;
    const q = (p: Record<string, string | number>) =>
      `/v1/api/forex/submit?${new URLSearchParams(Object.entries({ type: 1, cont: '0.1', forex_id: btc.Id, multiple: 10, ...p }).map(([k, v]): [string, string] => [k, String(v)]))}`;
    // Like a real client: levels are set from the price read just before, and the order is sent
    // again while the price is momentarily unavailable (a busy machine can stall the feed past the
    // staleness limit) or has moved past the level between that read and the order (4012, 4017).
    const retryable = new Set([4012, 4013, 4017]);
    const place = async (fields: (ask: number) => Record<string, string | number>) => {
      for (let i = 0; i < 40; i++) {
        const r = await get(q(fields(await latestAsk())), token);
        if (!retryable.has(r.code)) return r.data;
        await new Promise((res) => setTimeout(res, 250));
      }
      throw new Error('no order placed in 10 s');
    };
    // Far triggers that stay put while the server is down; near ones that fire soon after restart.
    const farPending = await place((ask) => ({ status: 0, target_price: (ask * 0.5).toFixed(2) }));
    const nearPending = await place((ask) => ({ status: 0, target_price: (ask + 2).toFixed(2) }));
    const position = await place((ask) => ({ status: 1, target_profit_price: (ask + 2).toFixed(2) }));
    expect([farPending.Status, nearPending.Status, position.Status]).toEqual([0, 0, 1]);

    child!.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));
    start();
    await waitHealthy();

    const ids = async (status: number) =>
      (await get(`/v1/api/forex/my_deal?status=${status}&page=1`, token)).data.data.map(
        (o: { Id: number }) => o.Id,
      );
    const all = [...(await ids(0)), ...(await ids(1)), ...(await ids(3))];
    for (const id of [farPending.Id, nearPending.Id, position.Id]) expect(all).toContain(id);
    // The random walk crosses ask + 2 within seconds: the pending fills, the take profit closes.
    const deadline = Date.now() + 40_000;
    let history: number[] = [];
    while (Date.now() < deadline) {
      history = await ids(3);
      if (history.includes(position.Id) && !(await ids(0)).includes(nearPending.Id)) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(history).toContain(position.Id);
    expect(await ids(0)).toEqual([farPending.Id]);
    const summary = (await get('/v1/api/main/account/forexDetail', token)).data;
    expect(Number(summary.balance)).toBeGreaterThan(0);
  });
});
