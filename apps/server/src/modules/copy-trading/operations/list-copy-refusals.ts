import { translate } from '@meridian/i18n/node';
import { iso } from '../../../lib/iso-time.ts';
import * as repo from '../copy-trading.repository.ts';
import type { CopyTradingDeps } from '../copy-trading-deps.ts';

/** Copies that could not be made, for the back office (reasons in English). */
export async function listCopyRefusals(
  deps: CopyTradingDeps,
  q: { followId?: number | undefined; providerUserId?: number | undefined; page: number; pageSize: number },
) {
  const { rows, total } = await repo.staffRefusals(deps.db, q);
  return {
    rows: rows.map((r) => ({
      id: r.refusal.id,
      followId: r.refusal.followId,
      followerUid: r.followerUid,
      provider: r.provider ?? '',
      providerOrderId: r.refusal.providerOrderId,
      code: deps.market.instrumentById(r.refusal.instrumentId)?.showCode ?? '',
      side: r.refusal.side,
      lots: r.refusal.lots,
      errorCode: r.refusal.code,
      reason: translate('en', r.refusal.reason, r.refusal.params),
      createdAt: iso(r.refusal.createdAt)!,
    })),
    total,
  };
}
