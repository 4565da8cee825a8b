import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { selectPage } from '../../db/paging.ts';
import { users } from '../../db/schema.ts';

/** How far up an invitation chain is followed (a guard: inviters are set once, at registration). */
const UPLINE_MAX = 50;

type Rows<T> = { rows: T[] };

/** The user's inviter, the inviter's inviter, … nearest first. */
export async function uplineOf(db: DbOrTx, userId: number): Promise<Array<{ id: number; uid: string }>> {
  const r = (await db.execute(sql`
    with recursive up(id, uid, inviter_id, depth) as (
      select u.id, u.uid, u.inviter_id, 1 from users u
      where u.id = (select inviter_id from users where id = ${userId})
      union all
      select p.id, p.uid, p.inviter_id, up.depth + 1 from up join users p on p.id = up.inviter_id
      where up.depth < ${UPLINE_MAX}
    )
    select id, uid from up order by depth`)) as unknown as Rows<{ id: number | string; uid: string }>;
  return r.rows.map((x) => ({ id: Number(x.id), uid: x.uid }));
}

/**
 * How many accounts sit at each level below the user (1: invited by them, 2: by those, …) down to
 * `levels`, and whether the down-line goes deeper. One level more is walked only to say so.
 */
export async function downlineLevels(db: DbOrTx, userId: number, levels: number) {
  const r = (await db.execute(sql`
    with recursive down(id, level) as (
      select id, 1 from users where inviter_id = ${userId}
      union all
      select u.id, d.level + 1 from down d join users u on u.inviter_id = d.id
      where d.level <= ${levels}
    )
    select level, count(*)::int as count from down group by level order by level`)) as unknown as Rows<{
    level: number | string;
    count: number | string;
  }>;
  const all = r.rows.map((x) => ({ level: Number(x.level), count: Number(x.count) }));
  return { levels: all.filter((x) => x.level <= levels), deeper: all.some((x) => x.level > levels) };
}

/** One page of the user's direct invitees, newest first, each with how many they invited. */
export async function inviteesPage(db: DbOrTx, userId: number, page: number, pageSize: number) {
  const { rows, total } = await selectPage(
    db,
    users,
    eq(users.inviterId, userId),
    desc(users.id),
    page,
    pageSize,
  );
  const ids = rows.map((u) => u.id);
  const counts =
    ids.length === 0
      ? []
      : await db
          .select({ inviterId: users.inviterId, n: sql<number>`count(*)::int` })
          .from(users)
          .where(inArray(users.inviterId, ids))
          .groupBy(users.inviterId);
  const invited = new Map(counts.map((c) => [Number(c.inviterId), Number(c.n)]));
  return { rows: rows.map((u) => ({ ...u, invited: invited.get(u.id) ?? 0 })), total };
}
