import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { selectPage } from '../../db/paging.ts';
import { users } from '../../db/schema.ts';

/** How far up an invitation chain is followed (a guard: inviters are set once, at registration). */
const UPLINE_MAX = 50;

type Rows<T> = { rows: T[] };

/** The user's inviter, the inviter's inviter, … nearest first; `truncated` when it goes on above. */
export async function uplineOf(db: DbOrTx, userId: number) {
  const r = (await db.execute(sql`
    with recursive up(id, uid, inviter_id, depth) as (
      select u.id, u.uid, u.inviter_id, 1 from users u
      where u.id = (select inviter_id from users where id = ${userId})
      union all
      select p.id, p.uid, p.inviter_id, up.depth + 1 from up join users p on p.id = up.inviter_id
      where up.depth < ${UPLINE_MAX}
    )
    select id, uid, inviter_id from up order by depth`)) as unknown as Rows<{
    id: number | string;
    uid: string;
    inviter_id: number | string | null;
  }>;
  const last = r.rows.at(-1);
  return {
    upline: r.rows.map((x) => ({ id: Number(x.id), uid: x.uid })),
    truncated: r.rows.length === UPLINE_MAX && last?.inviter_id !== null && last?.inviter_id !== undefined,
  };
}

/**
 * How many accounts sit at each level below the user (1: invited by them, 2: by those, …) down to
 * `levels`, and whether the down-line goes deeper (one level more is walked only to say so). The
 * walk stops after `cap` accounts (`capped`): PostgreSQL evaluates a recursive query only as far as
 * its reader fetches, so a network of 300 000 is not walked whole (on the embedded database that
 * walk would hold the server's one thread for the better part of a second).
 */
export async function downlineLevels(db: DbOrTx, userId: number, levels: number, cap: number) {
  const r = (await db.execute(sql`
    with recursive down(id, level) as (
      select id, 1 from users where inviter_id = ${userId}
      union all
      select u.id, d.level + 1 from down d join users u on u.inviter_id = d.id
      where d.level <= ${levels}
    )
    select level, count(*)::int as count
    from (select level from down limit ${cap + 1}) walked
    group by level order by level`)) as unknown as Rows<{
    level: number | string;
    count: number | string;
  }>;
  const all = r.rows.map((x) => ({ level: Number(x.level), count: Number(x.count) }));
  const walked = all.reduce((n, x) => n + x.count, 0);
  return {
    levels: all.filter((x) => x.level <= levels),
    deeper: all.some((x) => x.level > levels),
    capped: walked > cap,
  };
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
