import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { AppError } from '../lib/app-error.ts';
import { SocketConnection } from '../ws/socket-connection.ts';
import { UserChannels } from '../ws/user-channels.ts';
import { AccountMonitor, type SummarySource } from './account-monitor.ts';
import type { TradingEngine } from './trading-engine.ts';

const JP225 = 10;
const USDJPY = 3;

function socket() {
  const sent: string[] = [];
  const ws = { readyState: 1, bufferedAmount: 0, send: (f: Buffer | string) => sent.push(f.toString()) };
  return { sent, conn: new SocketConnection(ws as unknown as WebSocket, 0) };
}

/** One user holding one JP225 position whose profit in USD follows `profit` (moved by USDJPY too). */
function setup(budget?: { ms: number; clock: () => number }) {
  const state = {
    profit: '-3.938222',
    recovering: false,
    stopOutChecks: [] as number[],
    summaries: [] as number[],
    onSummary: () => {},
  };
  const position = { id: 133, status: 1, instrumentId: JP225, userId: 1 };
  const engine = {
    get isRecovering() {
      return state.recovering;
    },
    checkStopOut: async (userId: number) => {
      state.stopOutChecks.push(userId);
    },
    liveOrdersOf: () => [position],
    holdsAnyOf: (_u: number, ids: ReadonlySet<number>) => ids.has(JP225),
    convertingThrough: (id: number) => (id === USDJPY ? [JP225] : []),
    rates: () => (() => null) as never,
    currentPrice: () => 38000,
    floatingProfit: () => ({ toFixed: () => state.profit }),
    // User 1 copies through allocation 7 (DESIGN §9): its figures go to user 1's sockets.
    follow: (id: number) => (id === 7 ? { followerUserId: 1 } : undefined),
    followsOfFollower: (id: number) => new Set(id === 1 ? [7] : []),
  } as unknown as TradingEngine;
  const trading = {
    summary: async (userId: number) => {
      state.summaries.push(userId);
      state.onSummary();
      return {
        ProfitsTotal: state.profit.slice(0, 5),
        HazardRate: '900.00',
        CautionMoneyAll: '100.000000',
        NetValue: '1000.00',
        balance: '900.00',
        // Not 100 / 1000.00: the exact net value differs from the rounded one on a small account.
        PrepaymentRatio: '10.01',
        RiskStatus: 'normal',
      };
    },
  } as unknown as SummarySource;
  const channels = new UserChannels();
  const log = { error: () => {} } as never;
  const monitor = budget
    ? new AccountMonitor(engine, trading, channels, log, budget.ms, budget.clock)
    : new AccountMonitor(engine, trading, channels, log);
  return { state, channels, monitor };
}

/** The FactProfits of the user's own FOREX_TRADE frames (COPY_TRADE frames have a test of their own). */
const frames = (sent: string[]) =>
  sent
    .map((f) => JSON.parse(f))
    .filter((f) => f.type === 'FOREX_TRADE')
    .map((f) => f.data.TransOrder[0].FactProfits);

describe('AccountMonitor', () => {
  it("pushes when only the pair converting a position's profit to USD ticked", async () => {
    const { state, channels, monitor } = setup();
    const a = socket();
    channels.add(1, a.conn);
    await monitor.flush();
    expect(frames(a.sent)).toEqual(['-3.938222']);
    // The card's figures as the summary computed them from the exact ones, not re-derived.
    expect(JSON.parse(a.sent[0]!).data).toMatchObject({ Balance: '900.00', PrepaymentRatio: '10.01' });
    state.profit = '-3.938429';
    monitor.onQuoteFor(USDJPY); // JP225's market is closed: only USDJPY moves
    await monitor.flush();
    expect(frames(a.sent)).toEqual(['-3.938222', '-3.938429']);
  });

  it("pushes a copy allocation's figures to its follower's sockets as COPY_TRADE, only when they move", async () => {
    const { state, channels, monitor } = setup();
    const a = socket();
    channels.add(1, a.conn);
    await monitor.flush();
    monitor.touch(7);
    await monitor.flush();
    const copies = a.sent.map((f) => JSON.parse(f)).filter((f) => f.type === 'COPY_TRADE');
    expect(copies).toHaveLength(1);
    expect(copies[0].data).toMatchObject({ FollowId: 7, Balance: '900.00' });
    // Nothing moved: nothing told again; a tick of its instrument that moves it: told.
    monitor.touch(7);
    await monitor.flush();
    state.profit = '-4.000000';
    monitor.onQuoteFor(JP225);
    await monitor.flush();
    const after = a.sent.map((f) => JSON.parse(f)).filter((f) => f.type === 'COPY_TRADE');
    expect(after.map((f) => f.data.TransOrder[0].FactProfits)).toEqual(['-3.938222', '-4.000000']);
  });

  it('gives a socket that logs in the current figures without repeating them to the sockets already told', async () => {
    const { channels, monitor } = setup();
    const a = socket();
    channels.add(1, a.conn);
    await monitor.flush();
    const b = socket();
    channels.add(1, b.conn);
    await monitor.flush();
    expect(a.sent).toHaveLength(1);
    expect(b.sent).toHaveLength(1);
    expect(b.sent[0]).toBe(a.sent[0]);
  });

  it('tells nothing while the engine rebuilds, and tells a socket that logged in meanwhile once it is over', async () => {
    const { state, channels, monitor } = setup();
    state.recovering = true;
    const a = socket();
    channels.add(1, a.conn);
    await monitor.flush();
    await monitor.flush();
    expect(a.sent).toHaveLength(0);
    state.recovering = false;
    await monitor.flush();
    expect(frames(a.sent)).toEqual(['-3.938222']);
  });

  it('runs the stop-out backstop for an account whose figures moved, not for a login', async () => {
    const { state, channels, monitor } = setup();
    const a = socket();
    channels.add(1, a.conn);
    await monitor.flush();
    expect(a.sent).toHaveLength(1);
    expect(state.stopOutChecks).toEqual([]);
    monitor.touch(1);
    await monitor.flush();
    expect(state.stopOutChecks).toEqual([1]);
  });

  it('spreads a reconnect storm over flushes within its budget, accounts whose figures moved first', async () => {
    // Each summary "takes" 1 ms on the monitor's clock; a flush may spend 10 ms.
    let nowMs = 0;
    const { state, channels, monitor } = setup({ ms: 10, clock: () => nowMs });
    state.onSummary = () => {
      nowMs += 1;
    };
    const trader = socket();
    channels.add(1, trader.conn);
    await monitor.flush();
    state.summaries.length = 0;
    state.profit = '-3.900000'; // so the trade below changes the trader's figures
    const sockets = new Map<number, ReturnType<typeof socket>>();
    for (let userId = 100; userId < 150; userId++) {
      const s = socket();
      sockets.set(userId, s);
      channels.add(userId, s.conn);
    }
    await monitor.flush(); // the first ten logins
    expect(state.summaries).toEqual([100, 101, 102, 103, 104, 105, 106, 107, 108, 109]);
    monitor.touch(1); // a trade while the storm is still being served
    await monitor.flush();
    expect(state.summaries.slice(10, 12)).toEqual([1, 110]); // the moved account before the next logins
    expect(trader.sent).toHaveLength(2);
    const flushes = [state.summaries.length];
    while ([...sockets.values()].some((s) => s.sent.length === 0)) {
      await monitor.flush();
      flushes.push(state.summaries.length);
      expect(flushes.length).toBeLessThan(10);
    }
    // 50 logins and one trade: each flush stopped at its budget (10 summaries), nobody told twice.
    expect(flushes).toEqual([20, 30, 40, 50, 51]);
    expect(state.summaries).toHaveLength(51);
    expect(new Set(state.summaries).size).toBe(51);
    for (const s of sockets.values()) expect(s.sent).toHaveLength(1);
  });

  it('serves a login while accounts whose figures move on every tick fill the budget', async () => {
    // 20 traders holding a market that ticks before every flush, 1 ms each, a 10 ms budget: the
    // moved accounts alone would take every flush.
    let nowMs = 0;
    const engine = {
      isRecovering: false,
      checkStopOut: async () => {},
      liveOrdersOf: (u: number) => (u <= 20 ? [{ id: u, status: 1, instrumentId: 1, userId: u }] : []),
      holdsAnyOf: (u: number) => u <= 20,
      follow: () => undefined,
      followsOfFollower: () => new Set(),
      convertingThrough: () => [],
      rates: () => ({}),
      currentPrice: () => 1,
      floatingProfit: () => ({ toFixed: () => String(nowMs) }),
    } as unknown as TradingEngine;
    const trading = {
      summary: async () => {
        nowMs += 1;
        return { ProfitsTotal: String(nowMs) };
      },
    } as unknown as SummarySource;
    const channels = new UserChannels();
    const monitor = new AccountMonitor(
      engine,
      trading,
      channels,
      { error: () => {} } as never,
      10,
      () => nowMs,
    );
    for (let u = 1; u <= 20; u++) channels.add(u, socket().conn);
    for (let i = 0; i < 3; i++) {
      monitor.onQuoteFor(1);
      await monitor.flush();
    }
    const late = socket();
    channels.add(500, late.conn); // no positions
    monitor.onQuoteFor(1);
    await monitor.flush();
    expect(late.sent).toHaveLength(1);
  });

  it('tells a socket that joined once a rebuild that began during its flush is over', async () => {
    const state = { recovering: false, failing: true };
    const engine = {
      get isRecovering() {
        return state.recovering;
      },
      checkStopOut: async () => {},
      liveOrdersOf: () => [],
      holdsAnyOf: () => false,
      follow: () => undefined,
      followsOfFollower: () => new Set(),
      convertingThrough: () => [],
      rates: () => ({}),
      currentPrice: () => 1,
      floatingProfit: () => null,
    } as unknown as TradingEngine;
    const trading = {
      summary: async () => {
        if (state.failing) {
          state.recovering = true; // the rebuild starts while the figures are read
          throw new AppError('SERVICE_RECOVERING');
        }
        return { ProfitsTotal: '0.00' };
      },
    } as unknown as SummarySource;
    const channels = new UserChannels();
    const monitor = new AccountMonitor(engine, trading, channels, { error: () => {} } as never);
    const a = socket();
    channels.add(7, a.conn);
    await monitor.flush();
    expect(a.sent).toHaveLength(0);
    state.failing = false;
    await monitor.flush(); // still rebuilding: nothing
    expect(a.sent).toHaveLength(0);
    state.recovering = false;
    await monitor.flush();
    expect(a.sent).toHaveLength(1);
  });
});
