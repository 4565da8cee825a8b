import { randomUUID } from 'node:crypto';
import { FOLLOW_STATUS, PROVIDER_STATUS } from '@meridian/contracts';
import { scaled } from '@meridian/domain';
import type { Language } from '@meridian/i18n';
import { micros } from '../../../engine/account-book.ts';
import type { LiveFollow } from '../../../engine/trading-engine.ts';
import { AppError } from '../../../lib/app-error.ts';
import { newInviteCode, newUid } from '../../../lib/public-ids.ts';
import { readSetting } from '../../settings/settings.service.ts';
import { followViewOf } from '../copy-trading.mapper.ts';
import * as repo from '../copy-trading.repository.ts';
import type { CopyTradingDeps } from '../copy-trading-deps.ts';
import { parseRules } from '../follow-rules.ts';

/** An empty allocation account for the follower: one left unused by a refused follow, or a new one. */
async function allocationAccount(deps: CopyTradingDeps, followerUserId: number): Promise<number> {
  const unused = await repo.unusedAllocation(deps.db, followerUserId);
  if (unused !== null) return unused;
  for (let attempt = 0; attempt < 5; attempt++) {
    const id = await repo.insertAllocationAccount(deps.db, {
      uid: newUid(),
      inviteCode: newInviteCode(),
      parentUserId: followerUserId,
    });
    if (id !== null) return id;
  }
  throw new Error('could not allocate a uid for a copy allocation');
}

/**
 * Follows a provider (DESIGN §9): the amount moves from the follower's balance into a new copy
 * allocation (its own account), the follow is live at once and, with copy_open, the provider's
 * open positions are copied at the current quotes. All in one engine decision and batch.
 */
export async function startFollowing(
  deps: CopyTradingDeps,
  input: {
    userId: number;
    lang: Language;
    providerId: number;
    amount: string;
    sizing: number;
    multiplier: string;
    maxLots: string;
    stopLoss: string;
    copyOpen: number;
  },
) {
  const me = await repo.userUidAndAccount(deps.db, input.userId);
  if (!me || me.isDemo || me.parentUserId !== null) throw new AppError('COPY_DEMO_REFUSED');
  if (input.providerId === input.userId) throw new AppError('COPY_SELF');
  const provider = await repo.findProvider(deps.db, input.providerId);
  if (!provider || provider.status !== PROVIDER_STATUS.APPROVED)
    throw new AppError('COPY_PROVIDER_NOT_FOUND');
  const amountMicros = micros(input.amount);
  const minText = await readSetting(deps.db, 'copy_min_amount');
  if (amountMicros < micros(minText) || amountMicros <= 0)
    throw new AppError('COPY_AMOUNT_BELOW_MIN', { min: minText });
  const rules = parseRules({
    sizing: input.sizing,
    multiplier: input.multiplier,
    maxLots: input.maxLots,
    stopLoss: input.stopLoss,
    copyOpen: input.copyOpen,
  });
  if (rules.stopLossEquityMicros !== undefined && rules.stopLossEquityMicros >= amountMicros)
    throw new AppError('COPY_STOP_LOSS_INVALID', { max: input.amount });
  const accountId = await allocationAccount(deps, input.userId);
  const nowMs = deps.now();
  const follow: LiveFollow = {
    id: accountId,
    followerUserId: input.userId,
    providerUserId: provider.userId,
    status: FOLLOW_STATUS.ACTIVE,
    sizing: rules.sizing ?? 1,
    multiplier: rules.multiplier ?? scaled('1'),
    maxLots: rules.maxLots ?? null,
    stopLossEquityMicros: rules.stopLossEquityMicros ?? 0,
    copyOpen: rules.copyOpen ?? false,
    netFundedMicros: amountMicros,
    feePercentText: provider.feePercent,
    highWaterMarkMicros: amountMicros,
    statusReason: '',
    createdAtMs: nowMs,
    updatedAtMs: nowMs,
  };
  await deps.engine.startFollow(follow, amountMicros, randomUUID());
  const row = await repo.findFollow(deps.db, accountId);
  if (!row) throw new Error(`follow ${accountId} not stored after its batch`);
  return followViewOf(deps, row, input.lang);
}
