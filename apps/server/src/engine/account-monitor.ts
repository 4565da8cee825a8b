import { type AccountSummary, ORDER_STATUS } from '@meridian/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { TradingEngine } from './trading-engine.ts';

const PUSH_INTERVAL_MS = 250;
/** Share of each interval a flush may spend computing figures; the rest waits for the next one. */
const FLUSH_BUDGET_MS = 60;

/** The account figures a push carries (the trading module's `summary` gives them). */
export interface SummarySource {
  summary(userId: number): Promise<SummaryFigures>;
}

type SummaryFigures = Pick<
  AccountSummary,
  | 'ProfitsTotal'
  | 'HazardRate'
  | 'CautionMoneyAll'
  | 'NetValue'
  | 'balance'
  | 'PrepaymentRatio'
  | 'RiskStatus'
>;

/**
 * Where FOREX_TRADE goes: each user's logged-in connections (the socket gateway's `UserChannels`
 * is one). The engine names only what it uses, so it depends on no higher layer.
 */
export interface AccountPushTarget<Conn> {
  /** Called whenever a connection logs in for a user. */
  onJoin(fn: (userId: number, conn: Conn) => void): unknown;
  isOnline(userId: number): boolean;
  onlineUsers(): Iterable<number>;
  /** To every connection of the user, or with `only`, to that one. */
  send(userId: number, topic: 'FOREX_TRADE' | 'COPY_TRADE', key: string, message: object, only?: Conn): void;
}

/**
 * FOREX_TRADE pushes: at most four times a second, for online accounts whose positions were touched
 * or whose instruments ticked, it recomputes their figures and pushes them when they changed. (The
 * engine itself decides stop-outs on every tick; the exact check here is only a backstop.)
 */
export class AccountMonitor<Conn = unknown> {
  private readonly dirty = new Set<number>();
  private readonly tickedInstruments = new Set<number>();
  private readonly lastFrame = new Map<number, string>();
  /** Sockets that logged in since their user's last push: they get the current frame even unchanged. */
  private readonly joined = new Map<number, Set<Conn>>();
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private flushes = 0;

  constructor(
    private readonly engine: TradingEngine,
    private readonly trading: SummarySource,
    private readonly channels: AccountPushTarget<Conn>,
    private readonly log: FastifyBaseLogger,
    private readonly budgetMs = FLUSH_BUDGET_MS,
    private readonly clock: () => number = () => performance.now(),
  ) {
    // A socket back after a drop (or a new device) missed the pushes sent meanwhile, and the figures
    // may not change again soon (its last position closed while it was away): send them afresh.
    // Only the socket that joined gets it then; the user's other sockets hear only of changes.
    channels.onJoin((userId, conn) => {
      const set = this.joined.get(userId) ?? new Set<Conn>();
      set.add(conn);
      this.joined.set(userId, set);
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
    // While the engine rebuilds, figures cannot be read: who is due stays marked for after it.
    if (this.running || this.engine.isRecovering) return;
    this.running = true;
    try {
      if (this.tickedInstruments.size > 0) {
        // A position's profit in USD moves with its own quote and with the pair that converts its
        // quote currency (USDJPY for JP225, …): a closed index market still moves with forex.
        const moved = new Set(this.tickedInstruments);
        for (const id of this.tickedInstruments)
          for (const d of this.engine.convertingThrough(id)) moved.add(d);
        for (const userId of this.channels.onlineUsers()) {
          if (this.engine.holdsAnyOf(userId, moved)) this.dirty.add(userId);
          // The user's copy allocations are told to the same sockets (COPY_TRADE).
          for (const followId of this.engine.followsOfFollower(userId))
            if (this.engine.holdsAnyOf(followId, moved)) this.dirty.add(followId);
        }
      }
      this.tickedInstruments.clear();
      // What was last told to users now offline is stale by the time they are back: forgotten.
      if (++this.flushes % 40 === 0)
        for (const userId of this.lastFrame.keys())
          if (!this.channels.isOnline(userId)) this.lastFrame.delete(userId);
      // Within a time budget, so a reconnect storm (thousands of logins after a restart, each
      // perhaps an account to load) cannot hold everyone's pushes for seconds: who is left waits
      // for the next flush, in the order they became due. Accounts whose figures moved and sockets
      // that only logged in take turns, so neither queue can starve the other (moved accounts are
      // re-marked on every tick of their markets). The budget is wall-clock time, database loads
      // included: a storm's first frames come at a bounded rate while everyone else's continue.
      const deadline = this.clock() + this.budgetMs;
      let done = 0;
      const stop = () => this.engine.isRecovering || (done > 0 && this.clock() >= deadline);
      const moved = this.dirty.values();
      const logins = this.joined.keys();
      let movedLeft = true;
      let loginsLeft = true;
      while ((movedLeft || loginsLeft) && !stop()) {
        if (movedLeft) {
          const next = moved.next();
          if (next.done) movedLeft = false;
          else {
            this.dirty.delete(next.value);
            done++;
            await this.tell(next.value, true);
          }
        }
        if (loginsLeft && !stop()) {
          const next = logins.next();
          if (next.done) loginsLeft = false;
          else {
            done++;
            // Nothing moved for this account: the engine decides stop-outs on every tick, so the
            // backstop check is not run again for a login.
            await this.tell(next.value, false);
          }
        }
      }
    } finally {
      this.running = false;
    }
  }

  /** The figures of copy allocation `followId`, to its follower's sockets when they changed. */
  private async tellCopy(followId: number, followerUserId: number) {
    try {
      if (!this.channels.isOnline(followerUserId)) {
        this.lastFrame.delete(followId);
        return;
      }
      const data = { ...(await this.figuresOf(followId)), FollowId: followId };
      const text = JSON.stringify(data);
      if (this.lastFrame.get(followId) === text) return;
      this.lastFrame.set(followId, text);
      this.channels.send(followerUserId, 'COPY_TRADE', `CT:${followId}`, { type: 'COPY_TRADE', data });
    } catch (err) {
      if (this.engine.isRecovering || (err instanceof AppError && err.errorName === 'SERVICE_RECOVERING')) {
        this.dirty.add(followId);
        return;
      }
      this.log.error({ err, followId }, 'copy allocation figures failed');
    }
  }

  /** What FOREX_TRADE (and COPY_TRADE) carry for an account. */
  private async figuresOf(userId: number) {
    const s = await this.trading.summary(userId);
    const positions = this.engine.liveOrdersOf(userId).filter((o) => o.status === ORDER_STATUS.HOLDING);
    const rates = this.engine.rates();
    return {
      ProfitsTotal: s.ProfitsTotal,
      HazardRate: s.HazardRate,
      CautionMoneyAll: s.CautionMoneyAll,
      NetValue: s.NetValue,
      Balance: s.balance,
      PrepaymentRatio: s.PrepaymentRatio,
      RiskStatus: s.RiskStatus,
      TransOrder: positions.map((o) => ({
        Id: o.id,
        UpdatePrice: this.engine.currentPrice(o),
        FactProfits: this.engine.floatingProfit(o, rates)?.toFixed(6) ?? '0.000000',
      })),
    };
  }

  /** Computes a user's figures and pushes them if they changed (a socket that just joined gets them anyway). */
  private async tell(userId: number, backstop: boolean) {
    const joined = this.joined.get(userId);
    this.joined.delete(userId);
    // A copy allocation has no sockets of its own: its follower's get it as COPY_TRADE.
    const follow = this.engine.follow(userId);
    if (follow) return this.tellCopy(userId, follow.followerUserId);
    try {
      if (!this.channels.isOnline(userId)) {
        // Nobody to tell; what was last told is stale by the time they are back.
        this.lastFrame.delete(userId);
        return;
      }
      if (backstop) await this.engine.checkStopOut(userId);
      const frame = { type: 'FOREX_TRADE', data: await this.figuresOf(userId) };
      const text = JSON.stringify(frame.data);
      if (this.lastFrame.get(userId) === text) {
        for (const conn of joined ?? []) this.channels.send(userId, 'FOREX_TRADE', 'FT', frame, conn);
        return;
      }
      this.lastFrame.set(userId, text);
      this.channels.send(userId, 'FOREX_TRADE', 'FT', frame);
    } catch (err) {
      // A rebuild that began meanwhile: told once it is over (the sockets that joined included).
      if (this.engine.isRecovering || (err instanceof AppError && err.errorName === 'SERVICE_RECOVERING')) {
        if (backstop) this.dirty.add(userId);
        if (joined) {
          const waiting = this.joined.get(userId);
          if (waiting) for (const conn of joined) waiting.add(conn);
          else this.joined.set(userId, joined);
        }
        return;
      }
      this.log.error({ err, userId }, 'account figures failed');
    }
  }
}
