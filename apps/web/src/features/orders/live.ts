import type { RiskStatusText } from '@meridian/contracts';
import { create } from 'zustand';
import { nextPageOf, type OrderPages } from './api/get-orders';

/** FOREX_TRADE push data (spec §7, DESIGN §3). */
export interface ForexTradeData {
  ProfitsTotal: string;
  HazardRate: string;
  CautionMoneyAll: string;
  NetValue: string;
  /** The available balance (cents); money moved outside trading changes it and not the margin. */
  Balance?: string;
  /** Margin ÷ net value in %, from the exact figures (the card's prepayment ratio). */
  PrepaymentRatio?: string;
  /** DESIGN §3: 'margin_call' warns the trader; 'stop_out' while the engine closes positions. */
  RiskStatus?: RiskStatusText;
  TransOrder: Array<{ Id: number; UpdatePrice: number; FactProfits: string }>;
}

export interface LiveOrderValue {
  UpdatePrice: number;
  FactProfits: string;
}

interface LiveOrdersState {
  /** The latest account figures pushed, or null before the first push. */
  account: Omit<ForexTradeData, 'TransOrder'> | null;
  byId: Record<number, LiveOrderValue>;
  apply: (data: ForexTradeData) => void;
  reset: () => void;
}

/** Live values of open positions and the account, fed by FOREX_TRADE; rows select their own id. */
export const useLiveOrders = create<LiveOrdersState>()((set) => ({
  account: null,
  byId: {},
  apply: (data) =>
    set(() => {
      // A push lists every open position: one it no longer lists is closed, and is not kept.
      const byId: Record<number, LiveOrderValue> = {};
      for (const o of data.TransOrder ?? [])
        byId[o.Id] = { UpdatePrice: o.UpdatePrice, FactProfits: o.FactProfits };
      const { TransOrder: _ignored, ...account } = data;
      return { account, byId };
    }),
  reset: () => set({ account: null, byId: {} }),
}));

/** The ids a FOREX_CLOSED push carries (spec §7: a list of ids), whatever wraps them. */
export function closedIdsOf(data: unknown): number[] {
  const list = Array.isArray(data) ? data : [];
  return list.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
}

/**
 * The list without the orders of `ids` (spec §4: a live push removes a closed order). The total
 * drops by the number removed, so "loaded ≥ total" still tells when the list is finished and the
 * next page is not asked one row too far. Returns the same object when nothing was removed.
 */
export function removeOrders(data: OrderPages | undefined, ids: readonly number[]): OrderPages | undefined {
  if (!data || ids.length === 0) return data;
  const gone = new Set(ids);
  let removed = 0;
  const pages = data.pages.map((page) => {
    const kept = page.data.filter((o) => !gone.has(o.Id));
    removed += page.data.length - kept.length;
    return kept.length === page.data.length ? page : { ...page, data: kept };
  });
  if (removed === 0) return data;
  return { ...data, pages: pages.map((p) => ({ ...p, total: Math.max(0, p.total - removed) })) };
}

/** Whether a list holds any of `ids`. */
export function listHasAny(data: OrderPages | undefined, ids: readonly number[]): boolean {
  if (!data) return false;
  const wanted = new Set(ids);
  return data.pages.some((p) => p.data.some((o) => wanted.has(o.Id)));
}

/**
 * Ids of open positions (a FOREX_TRADE push) that the loaded pending list still shows: pending
 * orders that have just filled (a fill sends no FOREX_CLOSED: the order lives on as a position).
 */
export function filledFromPending(pending: OrderPages | undefined, positionIds: readonly number[]): number[] {
  if (!pending) return [];
  const listed = new Set(pending.pages.flatMap((p) => p.data.map((o) => o.Id)));
  return positionIds.filter((id) => listed.has(id));
}

/**
 * Ids of a push that belong on the loaded pages but are not there (a pending order that just
 * filled). The list is newest first (by id): while more pages remain, an id below the lowest loaded
 * one sits on a page not loaded yet, not missing; once every page is loaded, any unseen id is new.
 */
export function missingIds(data: OrderPages | undefined, ids: readonly number[]): number[] {
  if (!data) return [];
  const loaded = data.pages.flatMap((p) => p.data.map((o) => o.Id));
  const known = new Set(loaded);
  const complete = nextPageOf(data.pages) === undefined;
  const lowest = Math.min(...loaded);
  return ids.filter((id) => !known.has(id) && (complete || id > lowest));
}

/**
 * Whether a FOREX_TRADE push should warn of a margin call (DESIGN §3): the account has just entered
 * the margin-call band (from 'ok', 'none' or no push yet). Staying in it does not warn again on every
 * push; leaving it and coming back does. A stop-out that leaves the account in the band warns too:
 * the trader still has to act.
 */
export function entersMarginCall(previous: RiskStatusText | undefined, next: unknown): boolean {
  return next === 'margin_call' && previous !== 'margin_call';
}

const RISK_STATUSES: ReadonlySet<unknown> = new Set<RiskStatusText>([
  'none',
  'ok',
  'margin_call',
  'stop_out',
]);

/**
 * Follows the risk status of FOREX_TRADE pushes and calls `warn` when the account enters the
 * margin-call band; `reset` forgets it (another account logged in). Pushes without a known status
 * change nothing.
 */
export function marginCallWatcher(warn: () => void) {
  let previous: RiskStatusText | undefined;
  return {
    push(data: unknown) {
      const status = (data as { RiskStatus?: unknown } | null | undefined)?.RiskStatus;
      if (!RISK_STATUSES.has(status)) return;
      if (entersMarginCall(previous, status)) warn();
      previous = status as RiskStatusText;
    },
    reset() {
      previous = undefined;
    },
  };
}
