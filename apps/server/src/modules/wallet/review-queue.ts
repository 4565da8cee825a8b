import type { InferSelectModel } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import * as repo from './wallet.repository.ts';

export type ReviewOwner = Awaited<ReturnType<typeof repo.usersByIds>>[number];

/** The owners of some reviewed rows, by id: their uid, and for withdrawals the holds on them. */
export async function ownersOf(db: DbOrTx, ids: number[]) {
  return new Map((await repo.usersByIds(db, [...new Set(ids)])).map((u) => [u.id, u]));
}

/** A page of deposits or withdrawals in one status for staff review, each shown with its owner. */
export async function reviewQueuePage<T extends repo.ReviewedTable, Dto>(
  db: DbOrTx,
  table: T,
  query: { status: number; uid?: string | undefined; page: number; pageSize: number },
  toDto: (row: InferSelectModel<T>, owner: ReviewOwner | undefined) => Dto,
) {
  const { status, uid, page, pageSize } = query;
  const found = await repo.reviewedByStatus(db, table, status, uid, page, pageSize);
  const rows = found.rows as Array<InferSelectModel<T> & { userId: number }>;
  const owners = await ownersOf(
    db,
    rows.map((r) => r.userId),
  );
  return { rows: rows.map((r) => toDto(r, owners.get(r.userId))), total: found.total };
}
