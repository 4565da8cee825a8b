import { FOLLOW_STATUS, ORDER_STATUS, PROVIDER_STATUS } from '@meridian/contracts';
import { LEDGER_TYPE } from '@meridian/domain';
import { and, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { copyRefusals, follows, ledgerEntries, orders, signalProviders, users } from '../../db/schema.ts';

// SQL of copy trading (DESIGN §9): providers, follows and their allocation accounts, refusals,
// and the provider's own trades and ledger the ranking's figures are computed from.

export type ProviderRow = typeof signalProviders.$inferSelect;
export type FollowRow = typeof follows.$inferSelect;

export async function findProvider(db: DbOrTx, userId: number): Promise<ProviderRow | null> {
  const rows = await db.select().from(signalProviders).where(eq(signalProviders.userId, userId)).limit(1);
  return rows[0] ?? null;
}

/** A new application, or a rejected one's new attempt (the row is the provider's, one per user). */
export async function upsertApplication(
  db: DbOrTx,
  row: Omit<typeof signalProviders.$inferInsert, 'staffNote' | 'reviewedBy' | 'reviewedAt'>,
) {
  const rows = await db
    .insert(signalProviders)
    .values(row)
    .onConflictDoUpdate({
      target: signalProviders.userId,
      set: {
        status: row.status,
        nickname: row.nickname,
        avatar: row.avatar,
        description: row.description,
        feePercent: row.feePercent,
        appliedAt: row.appliedAt,
        updatedAt: row.updatedAt,
      },
    })
    .returning();
  return rows[0]!;
}

export async function updateProfile(
  db: DbOrTx,
  userId: number,
  set: Pick<ProviderRow, 'nickname' | 'avatar' | 'description' | 'feePercent' | 'updatedAt'>,
) {
  const rows = await db
    .update(signalProviders)
    .set(set)
    .where(eq(signalProviders.userId, userId))
    .returning();
  return rows[0]!;
}

export async function nicknameTaken(db: DbOrTx, nickname: string, exceptUserId: number) {
  const rows = await db
    .select({ userId: signalProviders.userId })
    .from(signalProviders)
    .where(
      and(
        sql`lower(${signalProviders.nickname}) = lower(${nickname})`,
        ne(signalProviders.userId, exceptUserId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Locks the provider's row for a staff decision (one reviewer wins). */
export async function lockProvider(db: DbOrTx, userId: number): Promise<ProviderRow | null> {
  const rows = await db
    .select()
    .from(signalProviders)
    .where(eq(signalProviders.userId, userId))
    .for('update')
    .limit(1);
  return rows[0] ?? null;
}

export async function setProviderStatus(
  db: DbOrTx,
  userId: number,
  set: Pick<ProviderRow, 'status' | 'staffNote' | 'reviewedBy' | 'reviewedAt' | 'updatedAt'>,
) {
  const rows = await db
    .update(signalProviders)
    .set(set)
    .where(eq(signalProviders.userId, userId))
    .returning();
  return rows[0]!;
}

export function approvedProviders(db: DbOrTx): Promise<ProviderRow[]> {
  return db.select().from(signalProviders).where(eq(signalProviders.status, PROVIDER_STATUS.APPROVED));
}

/** Providers for the back office: waiting applications first, then newest. */
export async function staffProviders(
  db: DbOrTx,
  q: { status?: number | undefined; text: string; page: number; pageSize: number },
) {
  const where: SQL[] = [];
  if (q.status !== undefined) where.push(eq(signalProviders.status, q.status));
  if (q.text) {
    const like = `%${q.text}%`;
    where.push(or(ilike(signalProviders.nickname, like), ilike(users.email, like), eq(users.uid, q.text))!);
  }
  const filter = where.length > 0 ? and(...where) : undefined;
  const rows = await db
    .select({
      provider: signalProviders,
      uid: users.uid,
      email: users.email,
      areaCode: users.areaCode,
      mobile: users.mobile,
    })
    .from(signalProviders)
    .innerJoin(users, eq(users.id, signalProviders.userId))
    .where(filter)
    .orderBy(
      sql`${signalProviders.status} = ${PROVIDER_STATUS.APPLIED} desc`,
      desc(signalProviders.appliedAt),
    )
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(signalProviders)
    .innerJoin(users, eq(users.id, signalProviders.userId))
    .where(filter);
  return { rows, total: total?.n ?? 0 };
}

// ---- follows -------------------------------------------------------------------------------------

/**
 * The allocation's own account (DESIGN §9): a user row with no credentials, owned by the follower.
 * Its uid and invite code are random like any account's (a collision is another draw).
 */
export async function insertAllocationAccount(
  db: DbOrTx,
  row: { uid: string; inviteCode: string; parentUserId: number },
): Promise<number | null> {
  const rows = await db
    .insert(users)
    .values({ ...row, isDemo: false })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return rows[0]?.id ?? null;
}

export async function findFollow(db: DbOrTx, id: number): Promise<FollowRow | null> {
  const rows = await db.select().from(follows).where(eq(follows.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The follower's follows: live ones, then the 10 most recently stopped. */
export async function followsOfFollower(db: DbOrTx, followerUserId: number): Promise<FollowRow[]> {
  const live = await db
    .select()
    .from(follows)
    .where(and(eq(follows.followerUserId, followerUserId), ne(follows.status, FOLLOW_STATUS.STOPPED)))
    .orderBy(desc(follows.id));
  const stopped = await db
    .select()
    .from(follows)
    .where(and(eq(follows.followerUserId, followerUserId), eq(follows.status, FOLLOW_STATUS.STOPPED)))
    .orderBy(desc(follows.updatedAt))
    .limit(10);
  return [...live, ...stopped];
}

/** Live follows per provider (the ranking's followers). */
export async function followerCounts(db: DbOrTx): Promise<Map<number, number>> {
  const rows = await db
    .select({ providerUserId: follows.providerUserId, n: count() })
    .from(follows)
    .where(ne(follows.status, FOLLOW_STATUS.STOPPED))
    .groupBy(follows.providerUserId);
  return new Map(rows.map((r) => [r.providerUserId, r.n]));
}

export async function staffFollows(
  db: DbOrTx,
  q: {
    providerUserId?: number | undefined;
    followerUserId?: number | undefined;
    status?: number | undefined;
    page: number;
    pageSize: number;
  },
) {
  const where: SQL[] = [];
  if (q.providerUserId !== undefined) where.push(eq(follows.providerUserId, q.providerUserId));
  if (q.followerUserId !== undefined) where.push(eq(follows.followerUserId, q.followerUserId));
  if (q.status !== undefined) where.push(eq(follows.status, q.status));
  const filter = where.length > 0 ? and(...where) : undefined;
  const rows = await db
    .select({
      follow: follows,
      followerUid: users.uid,
      provider: signalProviders.nickname,
      balance: sql<string>`(select balance from users a where a.id = ${follows.id})`,
      margin: sql<string>`(select margin from users a where a.id = ${follows.id})`,
      openCopies: sql<number>`(select count(*)::int from orders o where o.user_id = ${follows.id} and o.status = ${ORDER_STATUS.HOLDING})`,
      refusals: sql<number>`(select count(*)::int from copy_refusals r where r.follow_id = ${follows.id})`,
      feesPaid: sql<string>`(select coalesce(-sum(balance_delta), 0)::text from ledger_entries l where l.user_id = ${follows.id} and l.type = ${LEDGER_TYPE.COPY_PERFORMANCE_FEE})`,
    })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.followerUserId))
    .leftJoin(signalProviders, eq(signalProviders.userId, follows.providerUserId))
    .where(filter)
    .orderBy(desc(follows.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [total] = await db.select({ n: count() }).from(follows).where(filter);
  return { rows, total: total?.n ?? 0 };
}

/** Performance fees an allocation paid so far (positive text, USD). */
export async function feesPaidBy(db: DbOrTx, followIds: number[]): Promise<Map<number, string>> {
  if (followIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: ledgerEntries.userId, paid: sql<string>`(-sum(${ledgerEntries.balanceDelta}))::text` })
    .from(ledgerEntries)
    .where(
      and(inArray(ledgerEntries.userId, followIds), eq(ledgerEntries.type, LEDGER_TYPE.COPY_PERFORMANCE_FEE)),
    )
    .groupBy(ledgerEntries.userId);
  return new Map(rows.map((r) => [r.userId, r.paid]));
}

// ---- refusals and fees ---------------------------------------------------------------------------

export function latestRefusals(db: DbOrTx, followId: number, limit = 20) {
  return db
    .select()
    .from(copyRefusals)
    .where(eq(copyRefusals.followId, followId))
    .orderBy(desc(copyRefusals.id))
    .limit(limit);
}

export async function staffRefusals(
  db: DbOrTx,
  q: { followId?: number | undefined; providerUserId?: number | undefined; page: number; pageSize: number },
) {
  const where: SQL[] = [];
  if (q.followId !== undefined) where.push(eq(copyRefusals.followId, q.followId));
  if (q.providerUserId !== undefined) where.push(eq(follows.providerUserId, q.providerUserId));
  const filter = where.length > 0 ? and(...where) : undefined;
  const rows = await db
    .select({ refusal: copyRefusals, followerUid: users.uid, provider: signalProviders.nickname })
    .from(copyRefusals)
    .innerJoin(follows, eq(follows.id, copyRefusals.followId))
    .innerJoin(users, eq(users.id, follows.followerUserId))
    .leftJoin(signalProviders, eq(signalProviders.userId, follows.providerUserId))
    .where(filter)
    .orderBy(desc(copyRefusals.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(copyRefusals)
    .innerJoin(follows, eq(follows.id, copyRefusals.followId))
    .where(filter);
  return { rows, total: total?.n ?? 0 };
}

/** Fees providers received (their side of each COPY_PERFORMANCE_FEE pair), newest first. */
export async function staffFees(
  db: DbOrTx,
  q: { providerUserId?: number | undefined; page: number; pageSize: number },
) {
  const where: SQL[] = [
    eq(ledgerEntries.type, LEDGER_TYPE.COPY_PERFORMANCE_FEE),
    sql`${ledgerEntries.balanceDelta} > 0`,
  ];
  if (q.providerUserId !== undefined) where.push(eq(ledgerEntries.userId, q.providerUserId));
  const filter = and(...where);
  const rows = await db
    .select({ entry: ledgerEntries, provider: signalProviders.nickname })
    .from(ledgerEntries)
    .leftJoin(signalProviders, eq(signalProviders.userId, ledgerEntries.userId))
    .where(filter)
    .orderBy(desc(ledgerEntries.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [total] = await db.select({ n: count() }).from(ledgerEntries).where(filter);
  return { rows, total: total?.n ?? 0 };
}

// ---- what the figures are computed from -------------------------------------------------------------

/**
 * The provider's own ledger with the account's cash (balance + frozen + margin) after each entry,
 * from `afterId` on: the time-weighted return's events (DESIGN §9).
 */
export async function ledgerWithCash(db: DbOrTx, userId: number, afterId: number) {
  const r = (await db.execute(sql`
    select id, type, (extract(epoch from created_at) * 1000)::float8 as at_ms,
           (balance_delta + lock_delta + margin_delta)::text as cash_delta
    from ledger_entries where user_id = ${userId} and id > ${afterId} order by id`)) as unknown as {
    rows: Array<{ id: string | number; type: number; at_ms: number; cash_delta: string }>;
  };
  return r.rows.map((x) => ({
    id: Number(x.id),
    type: x.type,
    atMs: Number(x.at_ms),
    cashDelta: x.cash_delta,
  }));
}

/** The provider's closed trades since `fromMs` (newest first), with what they cost in fees. */
export async function closedTradesSince(db: DbOrTx, userId: number, fromMs: number, limit = 10_000) {
  return db
    .select({
      id: orders.id,
      instrumentId: orders.instrumentId,
      side: orders.side,
      quantity: orders.quantity,
      leverage: orders.leverage,
      openPrice: orders.openPrice,
      closePrice: orders.closePrice,
      realisedProfit: orders.realisedProfit,
      fee: orders.fee,
      openedAt: orders.openedAt,
      closedAt: orders.closedAt,
    })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, ORDER_STATUS.CLOSED),
        sql`${orders.closedAt} >= ${new Date(fromMs).toISOString()}`,
      ),
    )
    .orderBy(desc(orders.closedAt), desc(orders.id))
    .limit(limit);
}

export async function closedTradeCount(db: DbOrTx, userId: number): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, ORDER_STATUS.CLOSED)));
  return r?.n ?? 0;
}

/** Copies' provider orders (their open price and fill quote: the slippage shown to the follower). */
export async function providerOrders(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: orders.id,
      quantity: orders.quantity,
      openPrice: orders.openPrice,
      openQuoteSeq: orders.openQuoteSeq,
    })
    .from(orders)
    .where(inArray(orders.id, ids));
}

/** The account as the back office and the rules read it. */
export async function userUidAndAccount(db: DbOrTx, userId: number) {
  const rows = await db
    .select({
      uid: users.uid,
      email: users.email,
      areaCode: users.areaCode,
      mobile: users.mobile,
      isDemo: users.isDemo,
      parentUserId: users.parentUserId,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * An allocation account of the follower that no follow uses (a follow refused after its account
 * was made, e.g. for funds): reused rather than left as one more empty account per attempt.
 */
export async function unusedAllocation(db: DbOrTx, followerUserId: number): Promise<number | null> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.parentUserId, followerUserId),
        sql`not exists (select 1 from follows f where f.id = ${users.id})`,
      ),
    )
    .limit(1);
  return rows[0]?.id ?? null;
}

/** Follows already charged a performance fee for `period` (their ledger key `copy-fee:<id>:<period>`). */
export async function followsChargedFor(db: DbOrTx, period: string): Promise<Set<number>> {
  const rows = await db
    .select({ key: ledgerEntries.idempotencyKey })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.type, LEDGER_TYPE.COPY_PERFORMANCE_FEE),
        sql`${ledgerEntries.idempotencyKey} like ${`copy-fee:%:${period}`}`,
      ),
    );
  return new Set(rows.map((r) => Number(r.key!.split(':')[1])));
}

/** Money moved into an allocation less money moved out of it (copy transfers, every one), text. */
export async function transfersNetOf(db: DbOrTx, followId: number): Promise<string> {
  const [r] = await db
    .select({ net: sql<string>`coalesce(sum(${ledgerEntries.balanceDelta}), 0)::text` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, followId), eq(ledgerEntries.type, LEDGER_TYPE.COPY_TRANSFER)));
  return r?.net ?? '0';
}
