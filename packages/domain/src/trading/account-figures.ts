import { type Money, type MoneyInput, money } from '../money.ts';

/** The account's money as the ledger holds it (DESIGN §3), USD. */
export interface AccountMoney {
  readonly balance: MoneyInput; // available cash, not in use
  readonly margin: MoneyInput; // reserved by open positions and pending orders
  readonly floatingProfit: MoneyInput; // open positions marked at the close-side price
}

/** Levels in percent of the risk rate (DESIGN §3: margin call at 100 %, stop-out at 50 %). */
export interface RiskLevels {
  readonly marginCall: MoneyInput;
  readonly stopOut: MoneyInput;
}

export const DEFAULT_RISK_LEVELS: RiskLevels = { marginCall: '100', stopOut: '50' };

export type RiskStatus = 'none' | 'ok' | 'margin_call' | 'stop_out';

export interface AccountFigures {
  readonly balance: Money;
  readonly margin: Money;
  readonly floatingProfit: Money;
  readonly netValue: Money;
  /** Available for new orders' margin and fee: the balance itself (DESIGN §3/§4). */
  readonly freeMargin: Money;
  /** HazardRate, percent, unrounded; null when nothing holds margin (the ratio is undefined). */
  readonly riskRate: Money | null;
  /** Percent, unrounded; 0 with no margin; null when net value ≤ 0 (all of it and more is held). */
  readonly prepaymentRatio: Money | null;
  readonly status: RiskStatus;
}

const HUNDRED = money('100');

/** Net value = balance + margin + floating profit (DESIGN §3). */
export const netValueOf = (a: AccountMoney): Money =>
  money(a.balance).plus(money(a.margin)).plus(money(a.floatingProfit));

/** Risk rate (MetaTrader's margin level) = net value ÷ margin × 100; null without margin. */
export function riskRateOf(netValue: MoneyInput, margin: MoneyInput): Money | null {
  const m = money(margin);
  if (m.lte(0)) return null;
  return money(netValue).div(m).times(HUNDRED);
}

/** Prepayment ratio = margin ÷ net value × 100. */
export function prepaymentRatioOf(netValue: MoneyInput, margin: MoneyInput): Money | null {
  const m = money(margin);
  if (m.isZero()) return money('0');
  const nv = money(netValue);
  if (nv.lte(0)) return null;
  return m.div(nv).times(HUNDRED);
}

/**
 * Where the account stands: 'none' without margin, 'stop_out' when the risk rate has fallen to the
 * stop-out level, 'margin_call' at the margin-call level, else 'ok'. "Falls to" counts equality: at
 * exactly 50 % the stop-out fires, and it repeats until the rate is strictly above (DESIGN §3).
 */
export function riskStatusOf(riskRate: Money | null, levels: RiskLevels = DEFAULT_RISK_LEVELS): RiskStatus {
  if (riskRate === null) return 'none';
  if (riskRate.lte(money(levels.stopOut))) return 'stop_out';
  if (riskRate.lte(money(levels.marginCall))) return 'margin_call';
  return 'ok';
}

/** Every figure of the order screen's summary card and the FOREX_TRADE push, exact. */
export function accountFigures(
  account: AccountMoney,
  levels: RiskLevels = DEFAULT_RISK_LEVELS,
): AccountFigures {
  const balance = money(account.balance);
  const margin = money(account.margin);
  const floatingProfit = money(account.floatingProfit);
  const netValue = netValueOf(account);
  const riskRate = riskRateOf(netValue, margin);
  return {
    balance,
    margin,
    floatingProfit,
    netValue,
    freeMargin: balance,
    riskRate,
    prepaymentRatio: prepaymentRatioOf(netValue, margin),
    status: riskStatusOf(riskRate, levels),
  };
}

/** An open position as the stop-out sees it: its reserved margin and its floating profit (USD). */
export interface PositionAtRisk<Id> {
  readonly id: Id;
  readonly margin: MoneyInput;
  readonly profit: MoneyInput;
}

/**
 * The position a stop-out closes first: the largest loss (lowest floating profit). Ties keep the
 * caller's order, so pass positions oldest first for a deterministic, explainable choice.
 */
export function stopOutVictim<Id>(positions: readonly PositionAtRisk<Id>[]): PositionAtRisk<Id> | null {
  let worst: PositionAtRisk<Id> | null = null;
  let worstProfit: Money | null = null;
  for (const p of positions) {
    const profit = money(p.profit);
    if (worstProfit === null || profit.lt(worstProfit)) {
      worst = p;
      worstProfit = profit;
    }
  }
  return worst;
}

/**
 * The positions a stop-out closes, in order, at the current marks: close the largest loss, and
 * repeat while the risk rate is still at or below the stop-out level (DESIGN §3). Closing at the
 * mark leaves net value unchanged (margin + profit go back to balance) and lowers margin, so each
 * close raises the rate. Margin held by pending orders stays in `account.margin`; pending orders are
 * not cancelled by a stop-out. Empty when the account is not at the stop-out level.
 */
export function planStopOut<Id>(
  account: AccountMoney,
  positions: readonly PositionAtRisk<Id>[],
  levels: RiskLevels = DEFAULT_RISK_LEVELS,
): Id[] {
  const netValue = netValueOf(account);
  let margin = money(account.margin);
  const open = [...positions];
  const closed: Id[] = [];
  while (open.length > 0 && riskStatusOf(riskRateOf(netValue, margin), levels) === 'stop_out') {
    const victim = stopOutVictim(open)!;
    open.splice(open.indexOf(victim), 1);
    margin = margin.minus(money(victim.margin));
    closed.push(victim.id);
  }
  return closed;
}
