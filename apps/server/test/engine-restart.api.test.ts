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
    const quote = async (): Promise<{ Bid: number; Ask: number }> =>
      (await get('/v1/api/forex/trade_list?searchCurrency=BTCUSD')).data[0].ForexQuotations;
    const q = (p: Record<string, string | number>) =>
      `/v1/api/forex/submit?${new URLSearchParams(Object.entries({ type: 1, cont: '0.1', forex_id: btc.Id, multiple: 10, ...p }).map(([k, v]): [string, string] => [k, String(v)]))}`;
    // Like a real client: levels are set from the price read just before, and the order is sent
    // again while the price is momentarily unavailable (a busy machine can stall the feed past the
    // staleness limit) or has moved past the level between that read and the order (4012, 4017).
    const retryable = new Set([4012, 4013, 4017]);
    const place = async (fields: (q: { Bid: number; Ask: number }) => Record<string, string | number>) => {
      for (let i = 0; i < 40; i++) {
        const r = await get(q(fields(await quote())), token);
        if (!retryable.has(r.code)) return r.data;
        await new Promise((res) => setTimeout(res, 250));
      }
      throw new Error('no order placed in 10 s');
    };
    // A far trigger that stays put, and near ones a dollar away on both sides (BTC moves ~10 USD a
    // tick): whichever way the market goes after the restart, some fire, and each one it crosses must.
    const farPending = await place(({ Ask }) => ({ status: 0, target_price: (Ask * 0.5).toFixed(2) }));
    const near = [
      // fires when the ask reaches the level: a buy stop, a sell position's stop loss
      { up: true, ...(await place(({ Ask }) => ({ status: 0, target_price: (Ask + 1).toFixed(2) }))) },
      {
        up: true,
        ...(await place(({ Ask }) => ({ type: 2, status: 1, stop_loss_price: (Ask + 1).toFixed(2) }))),
      },
      // fires when the bid reaches the level: a sell stop, a buy position's stop loss
      {
        up: false,
        ...(await place(({ Bid }) => ({ type: 2, status: 0, target_price: (Bid - 1).toFixed(2) }))),
      },
      { up: false, ...(await place(({ Bid }) => ({ status: 1, stop_loss_price: (Bid - 1).toFixed(2) }))) },
    ];
    const ids = async (status: number): Promise<number[]> =>
      (await get(`/v1/api/forex/my_deal?status=${status}&page=1`, token)).data.data.map(
        (o: { Id: number }) => o.Id,
      );
    const fired = async (o: { Id: number; Status: number }) =>
      o.Status === 0 ? !(await ids(0)).includes(o.Id) : (await ids(3)).includes(o.Id);
    const liveAtKill: typeof near = [];
    for (const o of near) if (!(await fired(o))) liveAtKill.push(o);

    child!.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));
    start();
    await waitHealthy();

    const all = [...(await ids(0)), ...(await ids(1)), ...(await ids(3))];
    for (const o of [farPending, ...near]) expect(all).toContain(o.Id);
    const level = (o: (typeof near)[number]) =>
      (o.Status === 0 ? o.OriginPrice : o.TargetLossPrice) as number;
    // Watch the market after the restart until every near trigger fired or a minute passed.
    let maxAsk = Number.NEGATIVE_INFINITY;
    let minBid = Number.POSITIVE_INFINITY;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const { Bid, Ask } = await quote();
      maxAsk = Math.max(maxAsk, Ask);
      minBid = Math.min(minBid, Bid);
      let done = true;
      for (const o of liveAtKill) if (!(await fired(o))) done = false;
      if (done) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    await new Promise((r) => setTimeout(r, 500)); // a trigger crossed by the last tick seen: committed
    const firedAfter = [];
    for (const o of liveAtKill) {
      const crossed = o.up ? maxAsk >= level(o) : minBid <= level(o);
      const done = await fired(o);
      if (crossed) expect(done, `order ${o.Id} at ${level(o)} (ask ≤ ${maxAsk}, bid ≥ ${minBid})`).toBe(true);
      if (done) firedAfter.push(o.Id);
    }
    expect(liveAtKill.length).toBeGreaterThan(0);
    expect(firedAfter.length).toBeGreaterThan(0);
    expect(await ids(0)).toContain(farPending.Id);
    const summary = (await get('/v1/api/main/account/forexDetail', token)).data;
    expect(Number(summary.balance)).toBeGreaterThan(0);
  });
});
