import type { FastifyBaseLogger } from 'fastify';
import type { TradingService } from '../modules/trading/trading.service.ts';
import type { UserChannels } from '../ws/user-channels.ts';
import type { TradingEngine } from './trading-engine.ts';

const PUSH_INTERVAL_MS = 250;

/**
 * FOREX_TRADE pushes: at most four times a second, for online accounts whose positions were touched
 * or whose instruments ticked, it recomputes their figures and pushes them when they changed. (The
 * engine itself decides stop-outs on every tick; the exact check here is only a backstop.)
 */
export class AccountMonitor {
  private readonly dirty = new Set<number>();
  private readonly tickedInstruments = new Set<number>();
  private readonly lastFrame = new Map<number, string>();
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(
    private readonly engine: TradingEngine,
    private readonly trading: TradingService,
    private readonly channels: UserChannels,
    private readonly log: FastifyBaseLogger,
  ) {
    // A socket back after a drop (or a new device) missed the pushes sent meanwhile, and the figures
    // may not change again soon (its last position closed while it was away): send them afresh.
    channels.onJoin((userId) => {
      this.lastFrame.delete(userId);
      this.dirty.add(userId);
    });
  }

  touch(userId: number) {
    this.dirty.add(userId);
  }

  /** Called on every tick: O(1); the flush finds the online holders. */
  onQuoteFor(instrumentId: number) {
    this.tickedInstruments.add(instrumentId);
  }

  start() {
    this.timer = setInterval(() => void this.flush(), PUSH_INTERVAL_MS);
    this.timer.unref();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
  }

  async flush() {
    if (this.running) return;
    this.running = true;
    try {
      if (this.tickedInstruments.size > 0)
        for (const userId of this.channels.onlineUsers())
          if (this.engine.holdsAnyOf(userId, this.tickedInstruments)) this.dirty.add(userId);
      this.tickedInstruments.clear();
      const users = [...this.dirty];
      this.dirty.clear();
      for (const userId of users) {
        try {
          if (!this.channels.isOnline(userId)) {
            // Nobody to tell; what was last told is stale by the time they are back.
            this.lastFrame.delete(userId);
            continue;
          }
          await this.engine.checkStopOut(userId);
          const s = await this.trading.summary(userId);
          const positions = this.engine.liveOrdersOf(userId).filter((o) => o.status === 1);
          const rates = this.engine.rates();
          const frame = {
            type: 'FOREX_TRADE',
            data: {
              ProfitsTotal: s.ProfitsTotal,
              HazardRate: s.HazardRate,
              CautionMoneyAll: s.CautionMoneyAll,
              NetValue: s.NetValue,
              RiskStatus: s.RiskStatus,
              TransOrder: positions.map((o) => ({
                Id: o.id,
                UpdatePrice: this.engine.currentClosePrice(o),
                FactProfits: this.engine.floatingProfit(o, rates)?.toFixed(6) ?? '0',
              })),
            },
          };
          const text = JSON.stringify(frame.data);
          if (this.lastFrame.get(userId) === text) continue;
          this.lastFrame.set(userId, text);
          this.channels.send(userId, 'FT', frame);
        } catch (err) {
          this.log.error({ err, userId }, 'account figures failed');
        }
      }
    } finally {
      this.running = false;
    }
  }
}
