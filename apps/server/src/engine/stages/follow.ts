import { FOLLOW_STATUS, ORDER_STATUS } from '@meridian/contracts';
import { LEDGER_TYPE, performanceFee, scaled } from '@meridian/domain';
import { AppError } from '../../lib/app-error.ts';
import { followRowOf, type LiveFollow } from '../copy/live-follow.ts';
import { durable, Effects } from '../effects.ts';
import type { EngineState } from '../engine-state.ts';
import { liveOrdersOf } from '../order-indexes.ts';
import { accountFor, prepare } from '../readiness.ts';
import { freshQuoteOf, moneyOf } from '../valuation.ts';
import { copyInto, copySourceOf, equityMicros } from './mirror.ts';
import { cancelPending, mustMove, settle } from './settle.ts';
import { freeMicrosOf, hasUnpricedPosition } from './withdrawals.ts';

// A follow's life in the engine (DESIGN §9): funded from the follower's account, its rules changed,
// money added or taken out, the copy stop loss, the provider's fee, stopped with the money back.
// Each is one synchronous decision staged with the follow's row, so money, copies and the follow
// commit in one batch.

/** What a transfer between the follower and the allocation is keyed by (one per request). */
export interface TransferKey {
  key: string;
}

function transfer(
  s: EngineState,
  from: number,
  to: number,
  amountMicros: number,
  followId: number,
  key: string,
) {
  mustMove(s, {
    userId: from,
    type: LEDGER_TYPE.COPY_TRANSFER,
    balanceDelta: -amountMicros,
    memo: `copy ${followId}`,
    idempotencyKey: `copy-out:${key}`,
  });
  mustMove(s, {
    userId: to,
    type: LEDGER_TYPE.COPY_TRANSFER,
    balanceDelta: amountMicros,
    memo: `copy ${followId}`,
    idempotencyKey: `copy-in:${key}`,
  });
}

/** Money the account can move out now (the withdrawal rule: floating losses count), or a refusal. */
function movableMicros(s: EngineState, userId: number): number {
  if (hasUnpricedPosition(s, userId)) throw new AppError('ORDER_PRICE_UNAVAILABLE');
  const free = freeMicrosOf(s, userId);
  return free - (free % 10_000);
}

const hasFee = (f: LiveFollow) => scaled(f.feePercentText).n > 0n;

function stage(s: EngineState, f: LiveFollow) {
  f.updatedAtMs = s.deps.now();
  s.journal.putFollow(followRowOf(f));
}

async function loaded(s: EngineState, ...userIds: number[]) {
  for (const id of userIds) await prepare(s, id);
}

/**
 * A new follow: `amountMicros` from the follower's account into the allocation (`f.id`, an empty
 * account created by the caller), the follow live at once and, if asked, the provider's open
 * positions copied at the current quotes.
 */
export async function startFollow(s: EngineState, f: LiveFollow, amountMicros: number, key: string) {
  await loaded(s, f.followerUserId, f.id, f.providerUserId);
  const open = liveOrdersOf(s, f.providerUserId).filter((o) => o.status === ORDER_STATUS.HOLDING);
  for (let r = s.ids.want(open.length + 1); r !== true; r = s.ids.want(open.length + 1)) await r;
  await loaded(s, f.followerUserId, f.id, f.providerUserId);
  accountFor(s, f.followerUserId);
  accountFor(s, f.id);
  // The same empty allocation picked by two of the follower's requests at once: one wins.
  if (s.copy.follows.has(f.id)) throw new AppError('REQUEST_IN_PROGRESS');
  if (s.copy.closedProviders.has(f.providerUserId)) throw new AppError('COPY_PROVIDER_CLOSED');
  for (const other of s.copy.followersOf(f.providerUserId) ?? [])
    if (other.followerUserId === f.followerUserId) throw new AppError('COPY_ALREADY_FOLLOWING');
  const free = movableMicros(s, f.followerUserId);
  if (amountMicros > free) throw new AppError('COPY_FUNDS_INSUFFICIENT', { free: moneyOf(free).toFixed(2) });
  const fx = new Effects();
  transfer(s, f.followerUserId, f.id, amountMicros, f.id, key);
  s.copy.put(f);
  stage(s, f);
  fx.touched.add(f.followerUserId);
  fx.touched.add(f.id);
  if (f.copyOpen && open.length > 0) {
    for (const p of open) if (s.live.get(p.id) === p) copyInto(s, f, copySourceOf(s, p), fx);
  }
  await durable(s, fx);
}

/** The live follow `followId` of this follower, or the refusal a caller gets. */
function ownFollow(s: EngineState, followId: number, followerUserId: number): LiveFollow {
  const f = s.copy.follows.get(followId);
  if (!f || f.followerUserId !== followerUserId) throw new AppError('COPY_FOLLOW_NOT_FOUND');
  if (f.status === FOLLOW_STATUS.STOPPED) throw new AppError('COPY_FOLLOW_STOPPED');
  return f;
}

export interface FollowRules {
  status?: typeof FOLLOW_STATUS.ACTIVE | typeof FOLLOW_STATUS.PAUSED;
  sizing?: 1 | 2;
  multiplier?: LiveFollow['multiplier'];
  maxLots?: LiveFollow['maxLots'];
  stopLossEquityMicros?: number;
  copyOpen?: boolean;
}

/** Pause, resume, or new sizing and limits (they apply to copies made from now on). */
export async function changeFollow(
  s: EngineState,
  followId: number,
  followerUserId: number,
  rules: FollowRules,
) {
  await loaded(s, followId);
  accountFor(s, followId);
  const f = ownFollow(s, followId, followerUserId);
  if (rules.stopLossEquityMicros !== undefined && rules.stopLossEquityMicros > 0) {
    const equity = equityMicros(s, followId);
    if (rules.stopLossEquityMicros >= equity)
      throw new AppError('COPY_STOP_LOSS_INVALID', { max: moneyOf(equity).toFixed(2) });
  }
  if (rules.status !== undefined && rules.status !== f.status) {
    f.status = rules.status;
    f.statusReason = 'follower';
  }
  if (rules.sizing !== undefined) f.sizing = rules.sizing;
  if (rules.multiplier !== undefined) f.multiplier = rules.multiplier;
  if (rules.maxLots !== undefined) f.maxLots = rules.maxLots;
  if (rules.stopLossEquityMicros !== undefined) {
    f.stopLossEquityMicros = rules.stopLossEquityMicros;
    s.copy.guard(f);
  }
  if (rules.copyOpen !== undefined) f.copyOpen = rules.copyOpen;
  stage(s, f);
  const fx = new Effects();
  fx.touched.add(followId);
  await durable(s, fx);
  return f;
}

/** Money added to (positive) or taken from (negative) the allocation. */
export async function fundFollow(
  s: EngineState,
  followId: number,
  followerUserId: number,
  deltaMicros: number,
  key: string,
) {
  await loaded(s, followerUserId, followId);
  accountFor(s, followerUserId);
  accountFor(s, followId);
  const f = ownFollow(s, followId, followerUserId);
  const [from, to] = deltaMicros > 0 ? [followerUserId, followId] : [followId, followerUserId];
  const amountMicros = Math.abs(deltaMicros);
  const free = movableMicros(s, from);
  if (amountMicros > free) throw new AppError('COPY_FUNDS_INSUFFICIENT', { free: moneyOf(free).toFixed(2) });
  transfer(s, from, to, amountMicros, followId, key);
  f.netFundedMicros += deltaMicros;
  // Money in or out moves the fee's high-water mark with it: a deposit is not a gain, a
  // withdrawal not a loss the provider must earn back.
  f.highWaterMarkMicros = Math.max(0, f.highWaterMarkMicros + deltaMicros);
  stage(s, f);
  const fx = new Effects();
  fx.touched.add(followerUserId);
  fx.touched.add(followId);
  await durable(s, fx);
  return f;
}

/**
 * The provider's performance fee on the allocation's new equity high (DESIGN §9), for `period`
 * (its ledger keys make it once per follow and period). Nothing open: the equity is the balance.
 * Answers the fee moved, micro-dollars.
 */
function chargeFee(s: EngineState, f: LiveFollow, period: string, equity: number): number {
  const { feeMicros, newHighWaterMarkMicros } = performanceFee({
    equityMicros: equity,
    highWaterMarkMicros: f.highWaterMarkMicros,
    feePercent: scaled(f.feePercentText),
  });
  const slot = accountFor(s, f.id);
  const payable = Math.min(feeMicros, Math.max(0, s.book.balanceMicros[slot]!));
  f.highWaterMarkMicros = newHighWaterMarkMicros;
  if (payable <= 0) return 0;
  mustMove(s, {
    userId: f.id,
    type: LEDGER_TYPE.COPY_PERFORMANCE_FEE,
    balanceDelta: -payable,
    memo: `copy ${f.id} fee ${period}`,
    idempotencyKey: `copy-fee:${f.id}:${period}`,
  });
  mustMove(s, {
    userId: f.providerUserId,
    type: LEDGER_TYPE.COPY_PERFORMANCE_FEE,
    balanceDelta: payable,
    memo: `copy ${f.id} fee ${period}`,
    idempotencyKey: `copy-fee-in:${f.id}:${period}`,
  });
  return payable;
}

/** Monthly: every live follow with a fee pays it on its new high (measured at the equity now). */
export async function settleFees(s: EngineState, period: string, alreadyCharged: ReadonlySet<number>) {
  // A follow charged for the period already (its ledger key exists) is skipped: a second entry
  // with the same key would fail the whole batch.
  const due = [...s.copy.follows.values()].filter((f) => hasFee(f) && !alreadyCharged.has(f.id));
  for (const f of due) await loaded(s, f.id, f.providerUserId);
  const fx = new Effects();
  let charged = 0;
  for (const f of due) {
    if (f.status === FOLLOW_STATUS.STOPPED || s.copy.follows.get(f.id) !== f) continue;
    charged += chargeFee(s, f, period, equityMicros(s, f.id));
    stage(s, f);
    fx.touched.add(f.id);
    fx.touched.add(f.providerUserId);
  }
  await durable(s, fx);
  return charged;
}

/**
 * Stops a follow: every copy closed at a live price (all or none: refused while a copy's market is
 * closed), the provider's fee on a new high settled, what is left moved back to the follower.
 */
export async function stopFollow(
  s: EngineState,
  followId: number,
  followerUserId: number,
  reason: string,
  key: string,
) {
  await loaded(s, followerUserId, followId);
  const f = ownFollow(s, followId, followerUserId);
  await loaded(s, f.providerUserId);
  accountFor(s, followerUserId);
  accountFor(s, followId);
  const live = liveOrdersOf(s, followId);
  const quotes = new Map<number, NonNullable<ReturnType<typeof freshQuoteOf>>>();
  for (const o of live) {
    if (o.status !== ORDER_STATUS.HOLDING) continue;
    const q = freshQuoteOf(s, o.instrumentId);
    if (!q) {
      const code = s.deps.market.instrumentById(o.instrumentId)?.code ?? String(o.instrumentId);
      throw new AppError('COPY_MARKET_CLOSED', { code });
    }
    quotes.set(o.instrumentId, q);
  }
  const fx = new Effects();
  for (const o of live) {
    if (o.status === ORDER_STATUS.PENDING) cancelPending(s, o, 'copy_stopped', fx);
    else settle(s, o, quotes.get(o.instrumentId)!, 'copy_stopped', fx);
  }
  const slot = accountFor(s, followId);
  if (hasFee(f)) chargeFee(s, f, `stop-${key}`, s.book.balanceMicros[slot]!);
  const leftMicros = s.book.balanceMicros[slot]!;
  if (leftMicros > 0) transfer(s, followId, followerUserId, leftMicros, followId, key);
  // net funded stays what the follower put in less what they took out before the stop: the
  // follow's result is then what came back less that (the view reads it from the ledger).
  f.status = FOLLOW_STATUS.STOPPED;
  f.statusReason = reason;
  stage(s, f);
  s.copy.stop(f);
  fx.touched.add(followerUserId);
  fx.touched.add(followId);
  await durable(s, fx);
  return { returnedMicros: Math.max(0, leftMicros) };
}

/**
 * The copy stop loss (DESIGN §9), on a tick of an instrument where follows hold copies: a follow
 * whose allocation's equity is at or below its stop has every copy it can price closed now, and
 * pauses (the follower decides whether to resume, add money or stop). Screened in floats by the
 * revaluation's running totals, decided exactly.
 */
export function copyStopLossOnTick(s: EngineState, instrumentId: number, fx: Effects) {
  // Only follows with a copy stop loss are looked at (most have none: no work per tick for them).
  const guarded = s.copy.guarded;
  if (guarded.size === 0) return;
  const held = s.copy.followsHolding(instrumentId);
  if (held === undefined || held.size === 0) return;
  const due: LiveFollow[] = [];
  const b = s.book;
  // Whichever set is smaller is walked.
  const candidates = guarded.size < held.size ? guarded : held.keys();
  for (const followId of candidates) {
    if (!held.has(followId) || !guarded.has(followId)) continue;
    const f = s.copy.follows.get(followId);
    if (!f || f.stopLossEquityMicros <= 0 || f.status === FOLLOW_STATUS.STOPPED) continue;
    const slot = b.slotOf(followId);
    if (slot === undefined) continue;
    // Floats screen (a few cents of rounding at most); the exact equity decides.
    const equityF = (b.balanceMicros[slot]! + b.marginMicros[slot]!) / 1e6 + b.floating(slot);
    if (equityF > (f.stopLossEquityMicros / 1e6) * 1.001 + 0.05) continue;
    if (equityMicros(s, followId) > f.stopLossEquityMicros) continue;
    due.push(f);
  }
  if (due.length === 0) return;
  for (const f of due) {
    for (const o of liveOrdersOf(s, f.id)) {
      if (o.status !== ORDER_STATUS.HOLDING) continue;
      const q = freshQuoteOf(s, o.instrumentId);
      if (q) settle(s, o, q, 'copy_stop_loss', fx);
    }
    f.status = FOLLOW_STATUS.PAUSED;
    f.statusReason = 'copy_stop_loss';
    stage(s, f);
    fx.touched.add(f.id);
  }
}
