import { ORDER_STATUS, PROVIDER_STATUS } from '@meridian/contracts';
import { addScaled, formatScaled, money, scaled } from '@meridian/domain';
import { londonDateTime } from '@meridian/i18n';
import { AppError } from '../../../lib/app-error.ts';
import { readSetting } from '../../settings/settings.service.ts';
import { rankItemOf } from '../copy-trading.mapper.ts';
import * as repo from '../copy-trading.repository.ts';
import type { CopyTradingDeps } from '../copy-trading-deps.ts';
import { percentText, providerFigures } from '../provider-figures.ts';

const RECENT_TRADES = 20;
const CURVE_TRADES_FROM_MS = 90 * 86_400_000;
const text = (v: string | null) => (v === null ? '' : formatScaled(scaled(v).n, scaled(v).s));

/** A provider's page (DESIGN §9): what the ranking shows, and the record behind it. */
export async function getProviderDetail(deps: CopyTradingDeps, input: { id: number; userId: number | null }) {
  const provider = await repo.findProvider(deps.db, input.id);
  if (!provider || provider.status !== PROVIDER_STATUS.APPROVED)
    throw new AppError('COPY_PROVIDER_NOT_FOUND');
  const figures = await providerFigures(deps, provider.userId);
  const counts = await repo.followerCounts(deps.db);
  const item = rankItemOf(deps, provider, figures, counts.get(provider.userId) ?? 0);
  const trades = await repo.closedTradesSince(
    deps.db,
    provider.userId,
    deps.now() - CURVE_TRADES_FROM_MS,
    RECENT_TRADES,
  );
  const codeOf = (id: number) => deps.market.instrumentById(id)?.showCode ?? '';
  // Prices at the instrument's precision ('3777.90', not the stored '3777.9').
  const priceOf = (id: number, v: string | null) => {
    const precision = deps.market.instrumentById(id)?.pricePrecision;
    return v === null ? '' : precision === undefined ? text(v) : money(v).toFixed(precision);
  };
  let myFollowId = 0;
  if (input.userId !== null)
    for (const id of deps.engine.followsOfFollower(input.userId))
      if (deps.engine.follow(id)?.providerUserId === provider.userId) myFollowId = id;
  return {
    ...item,
    description: provider.description,
    since: londonDateTime((provider.reviewedAt ?? provider.appliedAt).getTime()).slice(0, 10),
    max_drawdown: figures.maxDrawdown,
    curve: figures.curve.map((p) => ({
      time: londonDateTime(p.atMs - 1).slice(0, 10),
      rate: percentText(p.rate),
    })),
    instruments: figures.instruments.map((i) => ({ code: codeOf(i.instrumentId), trades: i.trades })),
    recent_trades: trades.map((t) => {
      const net = addScaled(scaled(t.realisedProfit ?? '0'), { n: -scaled(t.fee).n, s: scaled(t.fee).s });
      return {
        id: t.id,
        code: codeOf(t.instrumentId),
        side: t.side,
        lots: text(t.quantity),
        open_price: priceOf(t.instrumentId, t.openPrice),
        close_price: priceOf(t.instrumentId, t.closePrice),
        profit: money(formatScaled(net.n, net.s)).toFixed(2),
        opened_at: t.openedAt ? londonDateTime(t.openedAt.getTime()) : '',
        closed_at: t.closedAt ? londonDateTime(t.closedAt.getTime()) : '',
      };
    }),
    open_positions: deps.engine.liveOrdersOf(provider.userId).filter((o) => o.status === ORDER_STATUS.HOLDING)
      .length,
    min_amount: money(await readSetting(deps.db, 'copy_min_amount')).toFixed(2),
    my_follow_id: myFollowId,
  };
}
