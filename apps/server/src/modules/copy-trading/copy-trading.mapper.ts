import { FOLLOW_STATUS, type FollowView, ORDER_STATUS, type RankItem } from '@meridian/contracts';
import { addScaled, formatScaled, money, type Scaled, scaled } from '@meridian/domain';
import type { Language } from '@meridian/i18n';
import { londonDateTime } from '@meridian/i18n';
import { translate } from '@meridian/i18n/node';
import { micros, microText } from '../../engine/account-book.ts';
import { liveFollowFromRow } from '../../engine/copy/live-follow.ts';
import * as repo from './copy-trading.repository.ts';
import type { CopyTradingDeps } from './copy-trading-deps.ts';
import type { ProviderFigures } from './provider-figures.ts';

// What the trader's copy-trading calls answer: ranking items and follows (DESIGN §9).

const negate = (v: Scaled): Scaled => ({ n: -v.n, s: v.s });
const subScaled = (a: Scaled, b: Scaled) => addScaled(a, negate(b));

const usd = (microsValue: number) => money(microText(microsValue)).toFixed(2);
const usdText = (text: string) => money(text).toFixed(2);

export function rankItemOf(
  deps: Pick<CopyTradingDeps, 'market'>,
  provider: repo.ProviderRow,
  figures: ProviderFigures,
  followers: number,
): RankItem {
  const top =
    figures.topInstrumentId === null ? undefined : deps.market.instrumentById(figures.topInstrumentId);
  return {
    id: provider.userId,
    user: provider.nickname,
    avatar: provider.avatar,
    multiple: figures.multiple,
    three_week_rate: figures.threeWeekRate,
    three_week_win: figures.threeWeekWin,
    three_week_profit: figures.threeWeekProfit,
    total_rate: figures.totalRate,
    total_trade_num: figures.totalTrades,
    code: top?.showCode ?? '',
    followers,
    risk_score: figures.riskScore,
    fee_percent: usdText(provider.feePercent),
  };
}

/** The follow as /api/follow/* answer it: figures live from the engine, copies with their provider fills. */
export async function followViewOf(
  deps: Pick<CopyTradingDeps, 'db' | 'engine' | 'market'>,
  row: repo.FollowRow,
  lang: Language,
): Promise<FollowView> {
  const { engine } = deps;
  // The engine's follow is ahead of the row by at most one batch; a stopped one is only a row.
  const f = engine.follow(row.id) ?? liveFollowFromRow(row);
  const provider = await repo.findProvider(deps.db, row.providerUserId);
  const stopped = f.status === FOLLOW_STATUS.STOPPED;
  const figures = stopped ? null : await engine.figures(row.id);
  const equityMicros = stopped ? 0 : await engine.equityMicros(row.id);
  const positions = stopped
    ? []
    : engine
        .liveOrdersOf(row.id)
        .filter((o) => o.status === ORDER_STATUS.HOLDING && o.copyOfOrderId !== null);
  const sourceIds = positions.map((o) => o.copyOfOrderId!);
  const sources = new Map((await repo.providerOrders(deps.db, sourceIds)).map((p) => [p.id, p]));
  const rates = engine.rates();
  const copies = positions.map((o) => {
    const src = sources.get(o.copyOfOrderId!);
    const live = engine.liveOrder(o.copyOfOrderId!);
    const providerOpen = live?.openPriceText ?? src?.openPrice ?? o.openPriceText ?? '0';
    const providerSeq = live?.openQuoteSeq ?? src?.openQuoteSeq ?? null;
    const copyOpen = scaled(o.openPriceText ?? '0');
    const srcOpen = scaled(providerOpen);
    // Positive: the copy got a worse price than the provider (a buy dearer, a sell cheaper).
    const diff = o.side === 'buy' ? subScaled(copyOpen, srcOpen) : subScaled(srcOpen, copyOpen);
    const instrument = deps.market.instrumentById(o.instrumentId);
    // Prices at the instrument's precision ('3777.90', not the stored '3777.9').
    const price = (v: string | number) =>
      instrument ? money(String(v)).toFixed(instrument.pricePrecision) : String(v);
    return {
      id: o.id,
      code: instrument?.showCode ?? '',
      side: o.side === 'buy' ? 1 : 2,
      lots: o.quantityText,
      open_price: price(o.openPriceText ?? '0'),
      price: price(engine.currentPrice(o)),
      profit: engine.floatingProfit(o, rates)?.toFixed(2) ?? '0.00',
      stop_loss: o.stopLossText,
      take_profit: o.takeProfitText,
      opened_at: o.openedAtMs === null ? '' : londonDateTime(o.openedAtMs),
      provider_order_id: o.copyOfOrderId!,
      provider_lots:
        live?.quantityText ?? (src ? formatScaled(scaled(src.quantity).n, scaled(src.quantity).s) : ''),
      provider_open_price: price(providerOpen),
      slippage: formatScaled(diff.n, diff.s),
      same_tick: providerSeq !== null && providerSeq === o.openQuoteSeq,
    };
  });
  const refusals = (await repo.latestRefusals(deps.db, row.id)).map((r) => ({
    id: r.id,
    provider_order_id: r.providerOrderId,
    code: deps.market.instrumentById(r.instrumentId)?.showCode ?? '',
    side: r.side,
    lots: r.lots,
    reason: translate(lang, r.reason, r.params),
    created_at: londonDateTime(r.createdAt.getTime()),
  }));
  const fees = await repo.feesPaidBy(deps.db, [row.id]);
  return {
    id: row.id,
    provider_id: row.providerUserId,
    provider: provider?.nickname ?? '',
    avatar: provider?.avatar ?? '',
    status: f.status,
    status_reason: f.statusReason,
    sizing: f.sizing,
    multiplier: formatScaled(f.multiplier.n, f.multiplier.s),
    max_lots: f.maxLots === null ? '0' : formatScaled(f.maxLots.n, f.maxLots.s),
    stop_loss: usd(f.stopLossEquityMicros),
    copy_open: f.copyOpen,
    net_funded: usd(f.netFundedMicros),
    balance: figures ? figures.balance.toFixed(2) : '0.00',
    margin: figures ? figures.margin.toFixed(2) : '0.00',
    equity: usd(equityMicros),
    // A stopped follow's result: what came back less what went in (fees included), from the ledger.
    profit: stopped
      ? money(await repo.transfersNetOf(deps.db, row.id))
          .negated()
          .toFixed(2)
      : usd(equityMicros - f.netFundedMicros),
    fee_percent: usdText(f.feePercentText),
    fees_paid: usdText(fees.get(row.id) ?? '0'),
    created_at: londonDateTime(f.createdAtMs),
    copies,
    refusals,
  };
}
