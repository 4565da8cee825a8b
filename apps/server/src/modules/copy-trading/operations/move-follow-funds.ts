import { randomUUID } from 'node:crypto';
import type { Language } from '@meridian/i18n';
import { micros } from '../../../engine/account-book.ts';
import { AppError } from '../../../lib/app-error.ts';
import { followViewOf } from '../copy-trading.mapper.ts';
import * as repo from '../copy-trading.repository.ts';
import type { CopyTradingDeps } from '../copy-trading-deps.ts';

export const FUNDS_DIRECTION = { ADD: 1, WITHDRAW: 2 } as const;

/** Adds money to a follow from the balance, or takes it back (what its floating losses leave). */
export async function moveFollowFunds(
  deps: CopyTradingDeps,
  input: { userId: number; lang: Language; id: number; direction: number; amount: string },
) {
  const amountMicros = micros(input.amount);
  if (amountMicros <= 0) throw new AppError('WALLET_AMOUNT_INVALID');
  const delta = input.direction === FUNDS_DIRECTION.ADD ? amountMicros : -amountMicros;
  await deps.engine.fundFollow(input.id, input.userId, delta, randomUUID());
  return followViewOf(deps, (await repo.findFollow(deps.db, input.id))!, input.lang);
}
