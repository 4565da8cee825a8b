import type { Language } from '@meridian/i18n';
import { followViewOf } from '../copy-trading.mapper.ts';
import * as repo from '../copy-trading.repository.ts';
import type { CopyTradingDeps } from '../copy-trading-deps.ts';
import { parseRules } from '../follow-rules.ts';

/** Pause, resume, or new sizing and limits for copies made from now on. */
export async function updateFollow(
  deps: CopyTradingDeps,
  input: {
    userId: number;
    lang: Language;
    id: number;
    status?: number | undefined;
    sizing?: number | undefined;
    multiplier?: string | undefined;
    maxLots?: string | undefined;
    stopLoss?: string | undefined;
    copyOpen?: number | undefined;
  },
) {
  await deps.engine.changeFollow(input.id, input.userId, parseRules(input));
  return followViewOf(deps, (await repo.findFollow(deps.db, input.id))!, input.lang);
}
