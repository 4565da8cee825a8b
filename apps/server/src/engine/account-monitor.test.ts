import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { TradingService } from '../modules/trading/trading.service.ts';
import { SocketConnection } from '../ws/socket-connection.ts';
import { UserChannels } from '../ws/user-channels.ts';
import { AccountMonitor } from './account-monitor.ts';
import type { TradingEngine } from './trading-engine.ts';

const JP225 = 10;
const USDJPY = 3;

function socket() {
  const sent: string[] = [];
  const ws = { readyState: 1, bufferedAmount: 0, send: (f: Buffer | string) => sent.push(f.toString()) };
  return { sent, conn: new SocketConnection(ws as unknown as WebSocket, 0) };
}

/** One user holding one JP225 position whose profit in USD follows `profit` (moved by USDJPY too). */
function setup() {
  const state = { profit: '-3.938222', recovering: false };
  const position = { id: 133, status: 1, instrumentId: JP225, userId: 1 };
  const engine = {
    get isRecovering() {
      return state.recovering;
    },
    checkStopOut: async () => {},
    liveOrdersOf: () => [position],
    holdsAnyOf: (_u: number, ids: ReadonlySet<number>) => ids.has(JP225),
    convertingThrough: (id: number) => (id === USDJPY ? [JP225] : []),
    rates: () => (() => null) as never,
    currentClosePrice: () => 38000,
    floatingProfit: () => ({ toFixed: () => state.profit }),
  } as unknown as TradingEngine;
  const trading = {
    summary: async () => ({
      ProfitsTotal: state.profit.slice(0, 5),
      HazardRate: '900.00',
      CautionMoneyAll: '100.000000',
      NetValue: '1000.00',
      RiskStatus: 'normal',
    }),
  } as unknown as TradingService;
  const channels = new UserChannels();
  const monitor = new AccountMonitor(engine, trading, channels, { error: () => {} } as never);
  return { state, channels, monitor };
}

const frames = (sent: string[]) => sent.map((f) => JSON.parse(f).data.TransOrder[0].FactProfits);

describe('AccountMonitor', () => {
  it("pushes when only the pair converting a position's profit to USD ticked", async () => {
    const { state, channels, monitor } = setup();
    const a = socket();
    channels.add(1, a.conn);
    await monitor.flush();
    expect(frames(a.sent)).toEqual(['-3.938222']);
    state.profit = '-3.938429';
    monitor.onQuoteFor(USDJPY); // JP225's market is closed: only USDJPY moves
    await monitor.flush();
    expect(frames(a.sent)).toEqual(['-3.938222', '-3.938429']);
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
});
