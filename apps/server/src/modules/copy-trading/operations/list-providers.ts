import type { StaffProviderRow } from '@meridian/contracts';
import { money } from '@meridian/domain';
import { microText } from '../../../engine/account-book.ts';
import { iso } from '../../../lib/iso-time.ts';
import { accountOf } from '../../account/user.mapper.ts';
import * as repo from '../copy-trading.repository.ts';
import type { CopyTradingDeps } from '../copy-trading-deps.ts';
import { providerFigures } from '../provider-figures.ts';

/** One provider as the back office lists it: profile, review, followers, money copying them, figures. */
export async function staffProviderRowOf(
  deps: CopyTradingDeps,
  r: {
    provider: repo.ProviderRow;
    uid: string;
    email: string | null;
    areaCode: string | null;
    mobile: string | null;
  },
): Promise<StaffProviderRow> {
  const p = r.provider;
  const followers = deps.engine.followersOf(p.userId);
  let allocatedMicros = 0;
  for (const f of followers) allocatedMicros += await deps.engine.equityMicros(f.id);
  const figures = await providerFigures(deps, p.userId);
  return {
    userId: p.userId,
    uid: r.uid,
    account: accountOf(r),
    nickname: p.nickname,
    avatar: p.avatar,
    description: p.description,
    feePercent: money(p.feePercent).toFixed(2),
    status: p.status,
    staffNote: p.staffNote,
    reviewedBy: p.reviewedBy,
    reviewedAt: iso(p.reviewedAt),
    appliedAt: iso(p.appliedAt)!,
    followers: followers.length,
    allocated: money(microText(allocatedMicros)).toFixed(2),
    totalRate: figures.totalRate,
    threeWeekRate: figures.threeWeekRate,
    totalTrades: figures.totalTrades,
  };
}

export async function listProviders(
  deps: CopyTradingDeps,
  q: { status?: number | undefined; q: string; page: number; pageSize: number },
) {
  const { rows, total } = await repo.staffProviders(deps.db, { ...q, text: q.q });
  const out: StaffProviderRow[] = [];
  for (const r of rows) out.push(await staffProviderRowOf(deps, r));
  return { rows: out, total };
}
