import { NEWS_PAGE_SIZE, type NewsItem } from '@meridian/contracts';
import { pickTranslation, toNewsItem } from '../news.mapper.ts';
import { listShownArticles, translationsOf } from '../news.repository.ts';
import type { NewsDeps } from '../news-deps.ts';

/**
 * A page of the articles the app shows (published, their time come), newest publish first, in the
 * reader's language where the article has it. A page past the end is empty with the real total.
 */
export async function listNews(
  deps: Pick<NewsDeps, 'db' | 'now'>,
  input: { categoryId: number; page: number; lang: string },
): Promise<{ data: NewsItem[]; total: number }> {
  const { rows, total } = await listShownArticles(deps.db, {
    categoryId: input.categoryId,
    now: new Date(deps.now()),
    page: input.page,
    pageSize: NEWS_PAGE_SIZE,
  });
  const translations = await translationsOf(
    deps.db,
    rows.map((r) => r.id),
  );
  const data = rows.map((article) =>
    toNewsItem(
      article,
      pickTranslation(
        translations.filter((t) => t.articleId === article.id),
        input.lang,
      ),
    ),
  );
  return { data, total };
}
