import { realNameRecordDto } from '../real-name.mapper.ts';
import * as repo from '../real-name.repository.ts';
import type { RealNameDeps } from '../real-name-deps.ts';
import { realNameOwner } from '../real-name-owner.ts';

/** The caller's real-name record: their latest submission and its status (0 with empty fields when none). */
export async function getRealNameCenter(deps: Pick<RealNameDeps, 'db'>, input: { userId: number }) {
  await realNameOwner(deps.db, input.userId);
  return realNameRecordDto(await repo.latestSubmission(deps.db, input.userId));
}
