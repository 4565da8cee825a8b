import { formatScaled, money, scaled } from '@meridian/domain';
import { microText } from '../../../engine/account-book.ts';
import { iso } from '../../../lib/iso-time.ts';
import * as repo from '../copy-trading.repository.ts';
import type { CopyTradingDeps } from '../copy-trading-deps.ts';

const dec = (v: string | null) => (v === null ? '0' : formatScaled(scaled(v).n, scaled(v).s));

/** Follows and their allocations for the back office (equity from the engine for live ones). */
export async function listFollows(
  deps: CopyTradingDeps,
  q: {
    providerUserId?: number | undefined;
    followerUserId?: number | undefined;
    status?: number | undefined;
    page: number;
    pageSize: number;
  },
) {
  const { rows, total } = await repo.staffFollows(deps.db, q);
  const out = [];
  for (const r of rows) {
    const f = r.follow;
    const live = deps.engine.follow(f.id);
    const equity = live ? money(microText(await deps.engine.equityMicros(f.id))).toFixed(2) : '0.00';
    out.push({
      id: f.id,
      followerUserId: f.followerUserId,
      followerUid: r.followerUid,
      providerUserId: f.providerUserId,
      provider: r.provider ?? '',
      status: live?.status ?? f.status,
      statusReason: live?.statusReason ?? f.statusReason,
      sizing: f.sizing,
      multiplier: dec(f.multiplier),
      maxLots: dec(f.maxLots),
      stopLoss: money(f.stopLossEquity).toFixed(2),
      netFunded: money(f.netFunded).toFixed(2),
      balance: money(r.balance ?? '0').toFixed(2),
      margin: money(r.margin ?? '0').toFixed(2),
      equity,
      openCopies: Number(r.openCopies),
      refusals: Number(r.refusals),
      feesPaid: money(r.feesPaid ?? '0').toFixed(2),
      createdAt: iso(f.createdAt)!,
    });
  }
  return { rows: out, total };
}
