import type { ExactRateSource, Money } from '@meridian/domain';
import type { Quote } from '../market/types.ts';
import type { Figures, Movement } from './account-book.ts';
import type { LiveFollow } from './copy/live-follow.ts';
import { type EngineDeps, EngineState } from './engine-state.ts';
import type { LiveOrder } from './live-order.ts';
import type { OrderRow } from './order.repository.ts';
import { liveOrdersOf } from './order-indexes.ts';
import { currentPrice, figures, findOwned, floatingProfit, holdsAnyOf } from './stages/account-views.ts';
import { cancelByUser, closeByUser, resetDemo } from './stages/close.ts';
import { editStops } from './stages/edit-stops.ts';
import {
  changeFollow,
  type FollowRules,
  fundFollow,
  settleFees,
  startFollow,
  stopFollow,
} from './stages/follow.ts';
import { adminClose, setTradingFrozen } from './stages/house-actions.ts';
import { allLive, exposure, liveCounts, riskImpact } from './stages/house-views.ts';
import { committedSoFar, idle, isRecovering, settled } from './stages/lifecycle.ts';
import { equityMicros } from './stages/mirror.ts';
import { rebuild, recover } from './stages/recovery.ts';
import { checkStopOut } from './stages/stop-out.ts';
import { type SubmitRequest, submitOrder } from './stages/submit.ts';
import { processQuote } from './stages/tick.ts';
import { freezeForWithdrawal, moveMoney } from './stages/withdrawals.ts';
import { rates } from './valuation.ts';

export type { LiveFollow } from './copy/live-follow.ts';
export type { EngineDeps, EngineEvents, EngineMarket, EngineSettings } from './engine-state.ts';
export type { FollowRules } from './stages/follow.ts';
export type { CloseReason } from './stages/settle.ts';
export { MAX_LIVE_ORDERS_PER_ACCOUNT, type SubmitRequest } from './stages/submit.ts';

/**
 * The trading engine (DESIGN §4), shaped like exchange-core: every decision is made in memory,
 * synchronously (so commands for one account are naturally one at a time, and a tick's fills,
 * stops and stop-outs see a consistent book), and what it changed is staged in the journal, whose
 * writer commits everything staged since its last write in one transaction. A command answers only
 * once its batch is durable; socket pushes follow the commit too. If a write fails, everything
 * decided on top of it fails with it and the engine rebuilds from the database, which stays the
 * truth: pending orders and open positions in `orders`, figures in `users`, movements in the ledger.
 *
 * Money and prices are exact scaled integers on every path (ADR 0005): amounts in micro-dollars,
 * prices and lots parsed once (quotes once per tick, terms once per change, orders when placed).
 * Floats appear only in the stop-out screen and the trigger index, which decide nothing alone.
 *
 * This class is the engine's public face and owner of its state (`engine-state.ts`); the work is
 * done by stages, plain functions over that state:
 * - `stages/submit.ts`: a new order; `stages/edit-stops.ts`: new stops; `stages/close.ts`: a
 *   trader's close, cancel, demo reset;
 * - `stages/tick.ts`: what happens on a quote (fills, stops, revaluation, stop-out);
 * - `stages/settle.ts`: how an order ends; `stages/stop-out.ts`: the stop-out guard and check;
 * - `stages/withdrawals.ts`: money moved outside trading; `stages/recovery.ts`: memory rebuilt
 *   from the database; `stages/lifecycle.ts`: waiting on the engine;
 * - `stages/account-views.ts`, `stages/house-views.ts`, `stages/house-actions.ts`: reads for
 *   the trader and the monitor, reads and acts for the back office.
 * Shared by the stages: `order-indexes.ts` (where live orders are kept), `valuation.ts` (quotes,
 * rates, profits), `readiness.ts` (when a decision may run), `effects.ts` (what follows a commit).
 */
export class TradingEngine {
  private readonly state: EngineState;

  constructor(deps: EngineDeps) {
    this.state = new EngineState(deps, (err) => recover(this.state, err));
  }

  // ---- start-up and lifecycle ----------------------------------------------------------------

  /** Loads every pending order and open position, and their accounts' figures (start-up). */
  rebuild(): Promise<number> {
    return rebuild(this.state);
  }

  /** Whether memory is being rebuilt after a failed write (commands wait, then are refused). */
  get isRecovering(): boolean {
    return isRecovering(this.state);
  }

  /** Resolves once memory holds the database's live orders (see `stages/lifecycle.ts`). */
  settled(): Promise<void> {
    return settled(this.state);
  }

  /** Resolves once every decision made so far is in the database (see `stages/lifecycle.ts`). */
  committedSoFar(): Promise<void> {
    return committedSoFar(this.state);
  }

  /** Resolves when everything decided so far is durable (shutdown, tests). */
  idle(): Promise<void> {
    return idle(this.state);
  }

  // ---- commands ------------------------------------------------------------------------------

  submit(userId: number, req: SubmitRequest): Promise<OrderRow> {
    return submitOrder(this.state, userId, req);
  }

  /** A user closing a position: refused while the market is closed (DESIGN §4), never queued. */
  close(userId: number, orderId: number): Promise<OrderRow> {
    return closeByUser(this.state, userId, orderId);
  }

  cancel(userId: number, orderId: number): Promise<OrderRow> {
    return cancelByUser(this.state, userId, orderId);
  }

  setStops(userId: number, orderId: number, stopLoss: string, takeProfit: string): Promise<OrderRow> {
    return editStops(this.state, userId, orderId, stopLoss, takeProfit);
  }

  /** Demo reset (DESIGN §6): everything closed and cancelled, the starting balance restored. */
  resetDemo(userId: number, startBalance: Money): Promise<void> {
    return resetDemo(this.state, userId, startBalance);
  }

  /** The exact stop-out check for one account (the monitor's backstop; tests). */
  checkStopOut(userId: number): Promise<void> {
    return checkStopOut(this.state, userId);
  }

  // ---- ticks ---------------------------------------------------------------------------------

  /** On every quote (DESIGN §4), synchronously: see `stages/tick.ts`. */
  onQuote(q: Quote) {
    processQuote(this.state, q);
  }

  // ---- money outside trading -----------------------------------------------------------------

  /**
   * Money moved for another reason than trading (the wallet, staff adjustments): through the same
   * book and journal, so the engine's figures never go stale. Resolves once durable.
   */
  move(
    m: Movement,
  ): Promise<
    { ok: true; balanceAfter: Money } | { ok: false; free?: Money; unpriced?: true; deficit?: true }
  > {
    return moveMoney(this.state, m);
  }

  /** A withdrawal request: the amount moves from balance to frozen at once. */
  freezeForWithdrawal(
    userId: number,
    amount: Money,
    withdrawalId: number,
  ): Promise<{ ok: true } | { ok: false; free: Money } | { ok: false; unpriced: true }> {
    return freezeForWithdrawal(this.state, userId, amount, withdrawalId);
  }

  // ---- one account -----------------------------------------------------------------------------

  /** The user's pending orders and open positions, oldest first. */
  liveOrdersOf(userId: number): LiveOrder[] {
    return liveOrdersOf(this.state, userId);
  }

  liveOrder(orderId: number): LiveOrder | undefined {
    return this.state.live.get(orderId);
  }

  /** Whether the user holds a position in any of these instruments (the monitor's push filter). */
  holdsAnyOf(userId: number, instrumentIds: ReadonlySet<number>): boolean {
    return holdsAnyOf(this.state, userId, instrumentIds);
  }

  /** The account's figures (ahead of the database by at most one batch), as Money. */
  figures(userId: number): Promise<Figures> {
    return figures(this.state, userId);
  }

  /** Floating profit of a position at the latest quote (USD, exact); null when it cannot be priced. */
  floatingProfit(o: LiveOrder, rateSource: ExactRateSource = this.rates()): Money | null {
    return floatingProfit(this.state, o, rateSource);
  }

  /** An order's current price as the trader sees it (a position's close side); 0 with no quote. */
  currentPrice(o: LiveOrder): number {
    return currentPrice(this.state, o);
  }

  findOwned(userId: number, orderId: number): Promise<OrderRow> {
    return findOwned(this.state, userId, orderId);
  }

  // ---- prices --------------------------------------------------------------------------------

  /** The instruments whose profit in USD moves with this one's quotes (its conversion dependents). */
  convertingThrough(instrumentId: number): readonly number[] {
    return this.state.exact.convertingThrough(instrumentId);
  }

  /** After staff add an instrument: it may be the USD conversion pair of a currency. */
  refreshConversions() {
    this.state.exact.buildConversions();
  }

  rates(): ExactRateSource {
    return rates(this.state);
  }

  // ---- copy trading (DESIGN §9, stages/mirror.ts and stages/follow.ts) -------------------------

  /** A new follow funded from the follower's account (`f.id`: its allocation's empty account). */
  startFollow(f: LiveFollow, amountMicros: number, key: string): Promise<void> {
    return startFollow(this.state, f, amountMicros, key);
  }

  changeFollow(followId: number, followerUserId: number, rules: FollowRules): Promise<LiveFollow> {
    return changeFollow(this.state, followId, followerUserId, rules);
  }

  fundFollow(
    followId: number,
    followerUserId: number,
    deltaMicros: number,
    key: string,
  ): Promise<LiveFollow> {
    return fundFollow(this.state, followId, followerUserId, deltaMicros, key);
  }

  stopFollow(followId: number, followerUserId: number, reason: string, key: string) {
    return stopFollow(this.state, followId, followerUserId, reason, key);
  }

  /** The provider's performance fees on new highs, for the period (monthly job). */
  settleCopyFees(period: string, alreadyCharged: ReadonlySet<number>): Promise<number> {
    return settleFees(this.state, period, alreadyCharged);
  }

  /** A live follow (active or paused) by its allocation's id. */
  follow(followId: number): LiveFollow | undefined {
    return this.state.copy.follows.get(followId);
  }

  /** The follower's live follows (their allocations' ids). */
  followsOfFollower(followerUserId: number): ReadonlySet<number> {
    return this.state.copy.followsOf(followerUserId);
  }

  /** The provider's live follows (for counts and the back office). */
  followersOf(providerUserId: number): readonly LiveFollow[] {
    return this.state.copy.followersOf(providerUserId) ?? [];
  }

  /** Staff opened or closed a provider to new copies (suspended, removed, approved again). */
  setProviderCopying(providerUserId: number, copying: boolean) {
    if (copying) this.state.copy.closedProviders.delete(providerUserId);
    else this.state.copy.closedProviders.add(providerUserId);
  }

  /** An account's equity now (balance + margin + floating profit), micro-dollars; loads it if needed. */
  async equityMicros(userId: number): Promise<number> {
    await this.figures(userId);
    return equityMicros(this.state, userId);
  }

  // ---- back office ---------------------------------------------------------------------------

  get liveCount() {
    return this.state.live.size;
  }

  /** Compliance freezes or unfreezes trading (the stored flag is written by the caller first). */
  setTradingFrozen(userId: number, frozen: boolean): Promise<void> {
    return setTradingFrozen(this.state, userId, frozen);
  }

  /** The house closes a position or cancels a pending order; recorded with reason 'admin'. */
  adminClose(orderId: number): Promise<OrderRow> {
    return adminClose(this.state, orderId);
  }

  /** How many positions are open and orders pending on real accounts (dashboard). */
  liveCounts() {
    return liveCounts(this.state);
  }

  /** Every live order (positions monitor), optionally filtered. */
  allLive(filter: { status?: 0 | 1; userId?: number; instrumentId?: number } = {}): LiveOrder[] {
    return allLive(this.state, filter);
  }

  /** What new risk levels would touch now (a preview, see `stages/house-views.ts`). */
  riskImpact(levels: { stopOut: number; marginCall: number }) {
    return riskImpact(this.state, levels);
  }

  /** The broker's exposure per instrument, real accounts only (see `stages/house-views.ts`). */
  exposure() {
    return exposure(this.state);
  }
}
