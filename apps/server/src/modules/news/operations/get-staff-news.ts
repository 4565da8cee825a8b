import type { StaffNewsArticle } from '@meridian/contracts';
import { AppError } from '../../../lib/app-error.ts';
import { toStaffNewsArticle } from '../news.mapper.ts';
import { findArticle, translationsOf } from '../news.repository.ts';
import type { NewsDeps } from '../news-deps.ts';

/** One article with every language version, whatever its state. */
export async function getStaffNews(
  deps: Pick<NewsDeps, 'db' | 'now'>,
  input: { id: number },
): Promise<StaffNewsArticle> {
  const article = await findArticle(deps.db, input.id);
  if (!article) throw new AppError('NEWS_NOT_FOUND');
  return toStaffNewsArticle(article, await translationsOf(deps.db, [article.id]), new Date(deps.now()));
}
