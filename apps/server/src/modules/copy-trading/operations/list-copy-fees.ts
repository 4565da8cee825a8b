import { money } from '@meridian/domain';
import { iso } from '../../../lib/iso-time.ts';
import * as repo from '../copy-trading.repository.ts';
import type { CopyTradingDeps } from '../copy-trading-deps.ts';

/** Performance fees providers received (their ledger side), newest first. */
export async function listCopyFees(
  deps: CopyTradingDeps,
  q: { providerUserId?: number | undefined; page: number; pageSize: number },
) {
  const { rows, total } = await repo.staffFees(deps.db, q);
  return {
    rows: rows.map((r) => ({
      ledgerId: r.entry.id,
      providerUserId: r.entry.userId,
      provider: r.provider ?? '',
      // The memo is `copy <followId> fee <period>` (stages/follow.ts).
      followId: Number(/^copy (\d+)/.exec(r.entry.memo)?.[1] ?? 0),
      amount: money(r.entry.balanceDelta).toFixed(2),
      memo: r.entry.memo,
      createdAt: iso(r.entry.createdAt)!,
    })),
    total,
  };
}
