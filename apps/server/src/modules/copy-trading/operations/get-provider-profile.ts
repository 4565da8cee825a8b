import { money } from '@meridian/domain';
import * as repo from '../copy-trading.repository.ts';
import type { CopyTradingDeps } from '../copy-trading-deps.ts';

/** The caller's provider profile and review state (-1: never applied). */
export async function getProviderProfile(deps: CopyTradingDeps, input: { userId: number }) {
  const p = await repo.findProvider(deps.db, input.userId);
  if (!p)
    return {
      status: -1,
      nickname: '',
      avatar: '',
      description: '',
      fee_percent: '0.00',
      staff_note: '',
      followers: 0,
    };
  return {
    status: p.status,
    nickname: p.nickname,
    avatar: p.avatar,
    description: p.description,
    fee_percent: money(p.feePercent).toFixed(2),
    staff_note: p.staffNote,
    followers: deps.engine.followersOf(input.userId).length,
  };
}
