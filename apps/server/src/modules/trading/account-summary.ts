import { type AccountSummary, ORDER_STATUS } from '@meridian/contracts';
import {
  accountFigures,
  money,
  toBalanceCents,
  toCents,
  toMarginText,
  toPercentText,
} from '@meridian/domain';
import type { TradingEngine } from '../../engine/trading-engine.ts';
import type { LiveSettings } from '../settings/live-settings.ts';

/**
 * An account's card figures (DESIGN §3), exact, from the engine's book and the live marks: what
 * the trader's order screen shows and what staff see of the same account.
 */
export async function accountSummaryOf(
  engine: TradingEngine,
  settings: LiveSettings,
  userId: number,
): Promise<AccountSummary & { rawFloating: string }> {
  const figures = await engine.figures(userId);
  const rates = engine.rates();
  const floating = engine
    .liveOrdersOf(userId)
    .filter((o) => o.status === ORDER_STATUS.HOLDING)
    .reduce((acc, o) => acc.plus(engine.floatingProfit(o, rates) ?? money('0')), money('0'));
  const f = accountFigures(
    { balance: figures.balance, margin: figures.margin, floatingProfit: floating },
    { marginCall: settings.get('margin_call_level'), stopOut: settings.get('stop_out_level') },
  );
  return {
    balance: toBalanceCents(figures.balance),
    lock_balance: toBalanceCents(figures.lock),
    CautionMoneyAll: toMarginText(figures.margin),
    ProfitsTotal: toCents(floating),
    NetValue: toCents(f.netValue),
    HazardRate: f.riskRate ? toPercentText(f.riskRate) : '',
    PrepaymentRatio: f.prepaymentRatio && !figures.margin.isZero() ? toPercentText(f.prepaymentRatio) : '',
    RiskStatus: f.status,
    rawFloating: floating.toFixed(),
  };
}
