import { FOLLOW_STATUS } from '@meridian/contracts';
import { getOrCreate } from '../get-or-create.ts';
import type { LiveOrder } from '../live-order.ts';
import type { LiveFollow } from './live-follow.ts';

const NONE: ReadonlySet<number> = new Set();

/**
 * Who copies whom, in memory (DESIGN §9): the live follows by id and by provider, the open copies
 * of each provider order (to close and re-stop them with it), and per instrument the follows
 * holding a copy there (whose copy stop loss a tick on it may reach). Copies are linked and
 * unlinked where every live order is indexed (`order-indexes.ts`), so a rebuild restores this too.
 */
export class CopyBook {
  readonly follows = new Map<number, LiveFollow>();
  private readonly byProvider = new Map<number, LiveFollow[]>();
  private readonly byFollower = new Map<number, Set<number>>();
  /** Provider order id → its live copies. */
  private readonly copies = new Map<number, Set<LiveOrder>>();
  /** Instrument id → follow id → how many open copies it holds there. */
  private readonly onInstrument = new Map<number, Map<number, number>>();
  /** Live follows with a copy stop loss: the only ones a tick must check (`copyStopLossOnTick`). */
  readonly guarded = new Set<number>();
  /** Providers staff suspended or removed: their new positions are not copied. */
  readonly closedProviders = new Set<number>();

  put(f: LiveFollow) {
    const was = this.follows.get(f.id);
    if (was === f) return;
    if (was) this.dropFromProvider(was);
    this.follows.set(f.id, f);
    if (f.status !== FOLLOW_STATUS.STOPPED) getOrCreate(this.byProvider, f.providerUserId, () => []).push(f);
    getOrCreate(this.byFollower, f.followerUserId, () => new Set()).add(f.id);
    this.guard(f);
  }

  /** After a follow's copy stop loss changed: whether ticks check it. */
  guard(f: LiveFollow) {
    if (f.stopLossEquityMicros > 0 && f.status !== FOLLOW_STATUS.STOPPED) this.guarded.add(f.id);
    else this.guarded.delete(f.id);
  }

  /** The follower's live follows (their allocations' ids). */
  followsOf(followerUserId: number): ReadonlySet<number> {
    return this.byFollower.get(followerUserId) ?? NONE;
  }

  /** A stopped follow leaves the provider's list (its row stays in the database). */
  stop(f: LiveFollow) {
    this.dropFromProvider(f);
    this.follows.delete(f.id);
    this.guarded.delete(f.id);
    const mine = this.byFollower.get(f.followerUserId);
    mine?.delete(f.id);
    if (mine?.size === 0) this.byFollower.delete(f.followerUserId);
  }

  private dropFromProvider(f: LiveFollow) {
    const list = this.byProvider.get(f.providerUserId);
    if (!list) return;
    const at = list.indexOf(f);
    if (at >= 0) list.splice(at, 1);
    if (list.length === 0) this.byProvider.delete(f.providerUserId);
  }

  /** The provider's live follows (active and paused), or undefined when nobody follows. */
  followersOf(providerUserId: number): readonly LiveFollow[] | undefined {
    return this.byProvider.get(providerUserId);
  }

  followOfAccount(accountUserId: number): LiveFollow | undefined {
    return this.follows.get(accountUserId);
  }

  copiesOf(providerOrderId: number): ReadonlySet<LiveOrder> | undefined {
    return this.copies.get(providerOrderId);
  }

  followsHolding(instrumentId: number): ReadonlyMap<number, number> | undefined {
    return this.onInstrument.get(instrumentId);
  }

  /** A copy became live (or open): linked to its provider order and its instrument. */
  link(o: LiveOrder, open: boolean) {
    getOrCreate(this.copies, o.copyOfOrderId!, () => new Set()).add(o);
    if (open) {
      const held = getOrCreate(this.onInstrument, o.instrumentId, () => new Map<number, number>());
      held.set(o.userId, (held.get(o.userId) ?? 0) + 1);
    }
  }

  unlink(o: LiveOrder, open: boolean) {
    const set = this.copies.get(o.copyOfOrderId!);
    if (set) {
      set.delete(o);
      if (set.size === 0) this.copies.delete(o.copyOfOrderId!);
    }
    if (open) {
      const held = this.onInstrument.get(o.instrumentId);
      const n = held?.get(o.userId);
      if (held && n !== undefined) {
        if (n <= 1) held.delete(o.userId);
        else held.set(o.userId, n - 1);
      }
    }
  }

  clear() {
    this.follows.clear();
    this.byProvider.clear();
    this.byFollower.clear();
    this.guarded.clear();
    this.copies.clear();
    this.onInstrument.clear();
    this.closedProviders.clear();
  }
}
