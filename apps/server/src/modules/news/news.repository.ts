import { NEWS_STATUS, type NewsState } from '@meridian/contracts';
import { and, count, desc, eq, gt, inArray, lte, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { newsArticles, newsTranslations } from '../../db/schema.ts';

export type NewsArticleRow = typeof newsArticles.$inferSelect;
export type NewsTranslationRow = typeof newsTranslations.$inferSelect;
type NewsArticleInsert = typeof newsArticles.$inferInsert;
export type NewsTranslationInput = Omit<NewsTranslationRow, 'articleId'>;

/** What the app shows: published articles whose time has come. */
const shownBy = (now: Date) =>
  and(eq(newsArticles.status, NEWS_STATUS.PUBLISHED), lte(newsArticles.publishAt, now))!;

/** Published articles of a category shown at `now`, newest publish first, and how many there are. */
export async function listShownArticles(
  db: DbOrTx,
  f: { categoryId: number; now: Date; page: number; pageSize: number },
) {
  const where = and(eq(newsArticles.categoryId, f.categoryId), shownBy(f.now));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(newsArticles)
      .where(where)
      .orderBy(desc(newsArticles.publishAt), desc(newsArticles.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ n: count() }).from(newsArticles).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** One article if the app shows it at `now`, else null (a draft, a scheduled one, an unknown id). */
export async function findShownArticle(db: DbOrTx, id: number, now: Date): Promise<NewsArticleRow | null> {
  const [row] = await db
    .select()
    .from(newsArticles)
    .where(and(eq(newsArticles.id, id), shownBy(now)))
    .limit(1);
  return row ?? null;
}

/** The rows in a staff state at `now` (undefined: all). */
function stateFilter(state: NewsState | undefined, now: Date): SQL | undefined {
  if (state === 'draft') return eq(newsArticles.status, NEWS_STATUS.DRAFT);
  if (state === 'scheduled')
    return and(eq(newsArticles.status, NEWS_STATUS.PUBLISHED), gt(newsArticles.publishAt, now));
  if (state === 'published') return shownBy(now);
  return undefined;
}

/** Every article for staff (newest written first), optionally in one state. */
export async function listArticles(
  db: DbOrTx,
  f: { state: NewsState | undefined; now: Date; page: number; pageSize: number },
) {
  const where = stateFilter(f.state, f.now);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(newsArticles)
      .where(where)
      .orderBy(desc(newsArticles.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ n: count() }).from(newsArticles).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findArticle(db: DbOrTx, id: number): Promise<NewsArticleRow | null> {
  const [row] = await db.select().from(newsArticles).where(eq(newsArticles.id, id)).limit(1);
  return row ?? null;
}

/** The article's row, locked until the transaction ends (edits and publishing of one article queue). */
export async function lockArticle(tx: DbOrTx, id: number): Promise<NewsArticleRow | null> {
  const [row] = await tx.select().from(newsArticles).where(eq(newsArticles.id, id)).for('update');
  return row ?? null;
}

/** The language versions of some articles. */
export async function translationsOf(db: DbOrTx, articleIds: number[]): Promise<NewsTranslationRow[]> {
  if (articleIds.length === 0) return [];
  return db.select().from(newsTranslations).where(inArray(newsTranslations.articleId, articleIds));
}

export async function insertArticle(db: DbOrTx, row: NewsArticleInsert): Promise<NewsArticleRow> {
  const [inserted] = await db.insert(newsArticles).values(row).returning();
  return inserted!;
}

export async function updateArticle(
  db: DbOrTx,
  id: number,
  set: Partial<NewsArticleInsert>,
): Promise<NewsArticleRow | null> {
  const [row] = await db.update(newsArticles).set(set).where(eq(newsArticles.id, id)).returning();
  return row ?? null;
}

/** Replaces every language version of an article (run inside the caller's transaction). */
export async function replaceTranslations(
  tx: DbOrTx,
  articleId: number,
  translations: NewsTranslationInput[],
): Promise<NewsTranslationRow[]> {
  await tx.delete(newsTranslations).where(eq(newsTranslations.articleId, articleId));
  if (translations.length === 0) return [];
  return tx
    .insert(newsTranslations)
    .values(translations.map((t) => ({ ...t, articleId })))
    .returning();
}

/** How many articles there are (the seed fills an empty table only). */
export async function countArticles(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(newsArticles);
  return Number(row?.n ?? 0);
}
