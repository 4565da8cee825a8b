import type { FollowView } from '@meridian/contracts';
import { money, toCents } from '@meridian/domain';

/** COPY_TRADE push data (contracts: `copyTradePush`): one allocation's figures and its open copies. */
export interface CopyTradeData {
  FollowId: number;
  ProfitsTotal: string;
  CautionMoneyAll: string;
  NetValue: string;
  Balance?: string;
  TransOrder: Array<{ Id: number; UpdatePrice: number; FactProfits: string }>;
}

/** Whether a socket message's data reads as a COPY_TRADE frame. */
export function isCopyTradeData(data: unknown): data is CopyTradeData {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as Partial<CopyTradeData>;
  return typeof d.FollowId === 'number' && Array.isArray(d.TransOrder) && typeof d.NetValue === 'string';
}

export interface CopyTradeResult {
  /** The list with the frame applied (the same array when nothing it shows changed). */
  follows: FollowView[] | undefined;
  /**
   * The frame names a follow the list does not show, or a set of open copies other than the one
   * shown (a copy opened or closed): the list has to be loaded again for the rows to be right.
   */
  stale: boolean;
}

const isDecimal = (text: string | undefined): text is string =>
  typeof text === 'string' && /^-?\d+(\.\d+)?$/.test(text.trim());

/** Decimal places of a decimal text ('1.08510' → 5). */
const placesOf = (text: string) => text.split('.')[1]?.length ?? 0;

/**
 * A pushed price (a JSON number) as text at the places the copy's prices are written in, so the
 * row keeps its width and its trailing zeros ('1.08510', not '1.0851').
 */
export function priceTextAt(value: number, like: readonly string[]): string {
  const places = Math.min(10, Math.max(0, ...like.map(placesOf)));
  return value.toFixed(places);
}

/**
 * Applies one COPY_TRADE frame to the list of follows (spec §7 pushes; DESIGN §9): the matching
 * follow's equity, margin, balance and profit (equity less the money moved in, exact), and each
 * copy's current price and floating profit. The set of copies is the server's: when the frame's
 * ids differ from those shown, the list is marked stale instead of guessing rows.
 */
export function applyCopyTrade(follows: FollowView[] | undefined, data: CopyTradeData): CopyTradeResult {
  if (!follows) return { follows, stale: false };
  const at = follows.findIndex((f) => f.id === data.FollowId);
  if (at < 0) return { follows, stale: true };
  const follow = follows[at]!;
  const pushed = new Map(data.TransOrder.map((o) => [o.Id, o]));
  const shownIds = follow.copies.map((c) => c.id);
  const stale = pushed.size !== shownIds.length || shownIds.some((id) => !pushed.has(id));

  const copies = follow.copies.map((c) => {
    const live = pushed.get(c.id);
    if (!live) return c;
    const price = Number.isFinite(live.UpdatePrice)
      ? priceTextAt(live.UpdatePrice, [c.price, c.open_price])
      : c.price;
    const profit = isDecimal(live.FactProfits) ? live.FactProfits : c.profit;
    return price === c.price && profit === c.profit ? c : { ...c, price, profit };
  });
  const equity = isDecimal(data.NetValue) ? data.NetValue : follow.equity;
  let profit = follow.profit;
  try {
    profit = toCents(money(equity).minus(money(follow.net_funded)));
  } catch {
    // a net funded figure that is not a decimal: the loaded profit stays
  }
  const next: FollowView = {
    ...follow,
    equity,
    margin: isDecimal(data.CautionMoneyAll) ? data.CautionMoneyAll : follow.margin,
    balance: isDecimal(data.Balance) ? data.Balance : follow.balance,
    profit,
    copies,
  };
  const list = follows.slice();
  list[at] = next;
  return { follows: list, stale };
}
