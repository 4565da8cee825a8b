import { ORDER_STATUS } from '@meridian/contracts';
import { and, asc, count, desc, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { selectPage } from '../db/paging.ts';
import { orders } from '../db/schema.ts';

export type OrderRow = typeof orders.$inferSelect;

export async function insertOrder(db: DbOrTx, row: typeof orders.$inferInsert): Promise<OrderRow> {
  const rows = await db.insert(orders).values(row).returning();
  return rows[0]!;
}

/** Changes an order only if it is still in `fromStatus`: two closes of one position cannot both win. */
export async function transitionOrder(
  db: DbOrTx,
  id: number,
  fromStatus: number,
  set: Partial<typeof orders.$inferInsert>,
): Promise<OrderRow | null> {
  const rows = await db
    .update(orders)
    .set(set)
    .where(and(eq(orders.id, id), eq(orders.status, fromStatus)))
    .returning();
  return rows[0] ?? null;
}

export async function findOrder(db: DbOrTx, id: number) {
  const rows = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function listUserOrders(
  db: DbOrTx,
  userId: number,
  statuses: number[],
  page: number,
  pageSize: number,
  /** The last order of the page already shown: the rows after it in the list's order, whatever `page` says. */
  afterId?: number,
) {
  const where = and(eq(orders.userId, userId), inArray(orders.status, statuses));
  // Live lists newest first; history by when each order ended (an old position closed just now
  // comes first), served by `orders_user_history_idx`.
  const ended = statuses.every((s) => s === ORDER_STATUS.CLOSED || s === ORDER_STATUS.CANCELLED);
  const order = ended
    ? [sql`${orders.closedAt} desc nulls last`, sql`${orders.id} desc nulls last`]
    : [desc(orders.id)];
  if (afterId === undefined) return selectPage(db, orders, where, order, page, pageSize);
  // Keyset paging: orders placed or ended since the first page neither repeat rows nor skip them
  // (by page number, three new orders pushed three rows of page 1 onto page 2, and three that ended
  // hid three rows). An anchor that is not in this list (another user's, or it left the list since)
  // answers from the start of the rows before it by id, or nothing for history.
  const countAll = async () => Number((await db.select({ n: count() }).from(orders).where(where))[0]?.n ?? 0);
  let after: SQL;
  if (!ended) after = lt(orders.id, afterId);
  else {
    const anchor = (
      await db
        .select({ closedAt: orders.closedAt })
        .from(orders)
        .where(and(where, eq(orders.id, afterId)))
        .limit(1)
    )[0];
    if (!anchor?.closedAt) return { rows: [], total: await countAll() };
    after = or(
      lt(orders.closedAt, anchor.closedAt),
      and(eq(orders.closedAt, anchor.closedAt), lt(orders.id, afterId)),
    )!;
  }
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(and(where, after))
      .orderBy(...order)
      .limit(pageSize),
    countAll(),
  ]);
  return { rows, total };
}

/**
 * Every pending order and open position: the engine's state at start, in id order (creation
 * order: each user's list is oldest first, and the engine's id table builds its pages as it did
 * while the orders were placed).
 */
export async function loadLiveOrders(db: DbOrTx) {
  return db
    .select()
    .from(orders)
    .where(inArray(orders.status, [ORDER_STATUS.PENDING, ORDER_STATUS.HOLDING]))
    .orderBy(asc(orders.id));
}
