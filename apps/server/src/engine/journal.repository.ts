import { formatScaledNumber, LEDGER_SCALE } from '@meridian/domain';
import { getTableColumns, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { copyRefusals, follows, ledgerEntries, orders } from '../db/schema.ts';
import type { FollowRow } from './copy/live-follow.ts';
import type { OrderRow } from './order.repository.ts';

/**
 * A ledger entry decided in memory by the account book, written by the journal. Amounts are
 * micro-dollars held as safe integers in Numbers (the account book refuses anything beyond exact).
 */
export interface EntryDraft {
  userId: number;
  type: number;
  balanceDelta: number;
  lockDelta: number;
  marginDelta: number;
  balanceAfter: number;
  memo: string;
  idempotencyKey: string | null;
  createdAtMs: number;
}

/** A copy the follower's rules refused (DESIGN §9), in the batch of the provider's fill. */
export interface CopyRefusalDraft {
  followId: number;
  providerOrderId: number;
  instrumentId: number;
  side: number;
  lots: string;
  code: number;
  reason: string;
  params: Record<string, string | number>;
  createdAt: Date;
}

export interface JournalBatch {
  /** The latest state of every order the batch changed (one row per order). */
  orders: OrderRow[];
  entries: EntryDraft[];
  /** The latest state of every follow the batch changed (one row per follow). */
  follows: FollowRow[];
  refusals: CopyRefusalDraft[];
}

const orderColumns = Object.entries(getTableColumns(orders)).map(([key, col]) => ({ key, name: col.name }));
const entryColumns = Object.entries(getTableColumns(ledgerEntries))
  .filter(([key]) => key !== 'id')
  .map(([key, col]) => ({ key, name: col.name }));
const c = getTableColumns(ledgerEntries);
const followColumns = Object.entries(getTableColumns(follows)).map(([key, col]) => ({ key, name: col.name }));
const refusalColumns = Object.entries(getTableColumns(copyRefusals))
  .filter(([key]) => key !== 'id')
  .map(([key, col]) => ({ key, name: col.name }));
const followUpdateSet = sql.raw(
  followColumns
    .filter((c) => c.name !== 'id')
    .map((c) => `"${c.name}" = excluded."${c.name}"`)
    .join(', '),
);
const refusalColumnList = sql.raw(refusalColumns.map((c) => `"${c.name}"`).join(', '));

/** Entries as the JSON rows of `ledger_entries` (the decimal text of each amount, ISO times). */
function entriesJson(entries: EntryDraft[]) {
  return JSON.stringify(
    entries.map((e) => ({
      [c.userId.name]: e.userId,
      [c.type.name]: e.type,
      [c.balanceDelta.name]: formatScaledNumber(e.balanceDelta, LEDGER_SCALE),
      [c.lockDelta.name]: formatScaledNumber(e.lockDelta, LEDGER_SCALE),
      [c.marginDelta.name]: formatScaledNumber(e.marginDelta, LEDGER_SCALE),
      [c.balanceAfter.name]: formatScaledNumber(e.balanceAfter, LEDGER_SCALE),
      [c.memo.name]: e.memo,
      [c.idempotencyKey.name]: e.idempotencyKey,
      [c.createdAt.name]: new Date(e.createdAtMs).toISOString(),
    })),
  );
}

const toJsonValue = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

function snakeRows<T extends object>(rows: T[], columns: Array<{ key: string; name: string }>) {
  return JSON.stringify(
    rows.map((r) => {
      const out: Record<string, unknown> = {};
      for (const c of columns) out[c.name] = toJsonValue((r as Record<string, unknown>)[c.key] ?? null);
      return out;
    }),
  );
}

const orderUpdateSet = sql.raw(
  orderColumns
    .filter((c) => c.name !== 'id')
    .map((c) => `"${c.name}" = excluded."${c.name}"`)
    .join(', '),
);
const entryColumnList = sql.raw(entryColumns.map((c) => `"${c.name}"`).join(', '));

/**
 * Writes one journal batch in one statement, whatever its size: data-modifying CTEs make it atomic
 * without BEGIN/COMMIT round trips, and each table's rows arrive as one JSON parameter (no per-row
 * round trips, no parameter limits). Orders are written whole (insert, or replace by id); entries
 * are appended; each account's figures move by the sum of its entries in the batch, so balance +
 * frozen + margin stay equal to the ledger's sums.
 */
export async function writeJournalBatch(db: DbOrTx, batch: JournalBatch, epoch?: number) {
  const ordersJson = snakeRows(batch.orders, orderColumns);
  const entriesText = entriesJson(batch.entries);
  // Follows and refusals are rare next to orders: an empty list adds two no-op CTEs.
  const followsJson = snakeRows(batch.follows, followColumns);
  const refusalsJson = snakeRows(batch.refusals, refusalColumns);
  // The fencing token (migration 0011): nothing is written unless this server's epoch is still the
  // database's, checked with the epoch row held FOR SHARE in this very statement (a new engine's
  // bump waits for it, or it sees the bump and fails with MR001). Without an epoch (tests, the
  // engine benchmark) the batch is unguarded.
  const current = epoch === undefined ? sql`true` : sql`engine_epoch_is(${epoch})`;
  await db.execute(sql`
    with
      guard as (select ${current} as ok),
      written_orders as (
        insert into orders
        select * from jsonb_populate_recordset(null::orders, ${ordersJson}::jsonb)
        where (select ok from guard)
        on conflict (id) do update set ${orderUpdateSet}
        returning 1
      ),
      written_follows as (
        insert into follows
        select * from jsonb_populate_recordset(null::follows, ${followsJson}::jsonb)
        where (select ok from guard)
        on conflict (id) do update set ${followUpdateSet}
        returning 1
      ),
      written_refusals as (
        insert into copy_refusals (${refusalColumnList})
        select ${refusalColumnList} from jsonb_populate_recordset(null::copy_refusals, ${refusalsJson}::jsonb)
        where (select ok from guard)
        returning 1
      ),
      entries as (
        select * from jsonb_populate_recordset(null::ledger_entries, ${entriesText}::jsonb)
        where (select ok from guard)
      ),
      written_entries as (
        insert into ledger_entries (${entryColumnList})
        select ${entryColumnList} from entries
        returning 1
      ),
      moved as (
        update users u
        set balance = u.balance + d.balance_delta,
            lock_balance = u.lock_balance + d.lock_delta,
            margin = u.margin + d.margin_delta
        from (
          select user_id, sum(balance_delta) as balance_delta, sum(lock_delta) as lock_delta,
                 sum(margin_delta) as margin_delta
          from entries group by user_id
        ) d
        where u.id = d.user_id
        returning 1
      )
    select (select count(*) from written_orders) as orders,
           (select count(*) from written_entries) as entries,
           (select count(*) from moved) as accounts,
           (select count(*) from written_follows) as follows,
           (select count(*) from written_refusals) as refusals`);
}

/**
 * Whether a batch whose write failed is in the database all the same (the commit landed and the
 * connection broke before its answer). Asked only once the lost connection is fenced (no backend of
 * it can still commit: `db/fenced-writer.ts`), and only when the failure was not a rollback the
 * database reported (`rolledBack`): a batch refused for a duplicate key must not be taken for written
 * because that key exists. The batch is one transaction: all of its keyed ledger entries are there or none
 * of the batch is. A batch with no keyed entry (stop edits, a reset of an account with nothing open)
 * answers false: acting on it again leaves the same state.
 */
export async function batchLanded(db: DbOrTx, batch: JournalBatch): Promise<boolean> {
  const keys = [
    ...new Set(batch.entries.flatMap((e) => (e.idempotencyKey === null ? [] : [e.idempotencyKey]))),
  ];
  if (keys.length === 0) return false;
  // One JSON parameter, not one per key: a batch of 32k+ orders would pass the protocol's 65 535.
  const r = (await db.execute(
    sql`select count(*)::int as found from ledger_entries
        where idempotency_key in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`,
  )) as unknown as { rows: Array<{ found: number | string }> };
  return Number(r.rows[0]?.found) === keys.length;
}

/**
 * A block of order ids for the engine to hand out before the rows exist: [first, first + size − 1].
 * The sequence steps by the block size (migrations 0006 and 0009), so one nextval() reserves a
 * whole block whoever else draws from it; the size is read from the sequence in the same statement
 * rather than kept as a constant here, so code and schema can never disagree about it (two engines
 * handing out overlapping ids would be the result).
 */
export async function reserveOrderIdBlock(db: DbOrTx): Promise<{ first: number; size: number }> {
  const r = (await db.execute(
    sql`select nextval(s.seq) as id, p.seqincrement as step
        from (select pg_get_serial_sequence('orders', 'id')::regclass as seq) s
        join pg_sequence p on p.seqrelid = s.seq`,
  )) as unknown as {
    rows: Array<{ id: string | number; step: string | number }>;
  };
  const row = r.rows[0]!;
  return { first: Number(row.id), size: Number(row.step) };
}

/** A server that just took the engine lock: the next epoch, which its journal batches then carry. */
export async function bumpEngineEpoch(db: DbOrTx): Promise<number> {
  const r = (await db.execute(
    sql`update engine_epoch set epoch = epoch + 1 where id = 1 returning epoch`,
  )) as unknown as { rows: Array<{ epoch: string | number }> };
  return Number(r.rows[0]!.epoch);
}
