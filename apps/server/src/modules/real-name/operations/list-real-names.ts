import { staffRealNameDto } from '../real-name.mapper.ts';
import * as repo from '../real-name.repository.ts';
import type { RealNameDeps } from '../real-name-deps.ts';

/** Submissions for compliance: the waiting queue oldest first, any other filter newest first. */
export async function listRealNames(
  deps: Pick<RealNameDeps, 'db'>,
  query: { status?: number | undefined; q: string; page: number; pageSize: number },
) {
  const found = await repo.listSubmissions(deps.db, query);
  return {
    rows: found.rows.map((r) => staffRealNameDto(r.row, r.owner, r.sameCardAccounts)),
    total: found.total,
  };
}
