import type { DbOrTx } from '../../db/client.ts';
import * as repo from './wallet.repository.ts';

/** The owners of some reviewed rows, by id: their uid, and for withdrawals the holds on them. */
export async function ownersOf(db: DbOrTx, ids: number[]) {
  return new Map((await repo.usersByIds(db, [...new Set(ids)])).map((u) => [u.id, u]));
}
