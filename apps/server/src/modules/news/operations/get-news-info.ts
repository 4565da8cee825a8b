import type { NewsDetail } from '@meridian/contracts';
import { AppError } from '../../../lib/app-error.ts';
import { pickTranslation, toNewsDetail } from '../news.mapper.ts';
import { findShownArticle, translationsOf } from '../news.repository.ts';
import type { NewsDeps } from '../news-deps.ts';

/** One article the app shows, with its content; a draft, a scheduled one or an unknown id is not found. */
export async function getNewsInfo(
  deps: Pick<NewsDeps, 'db' | 'now'>,
  input: { id: number; lang: string },
): Promise<NewsDetail> {
  const article = await findShownArticle(deps.db, input.id, new Date(deps.now()));
  if (!article) throw new AppError('NEWS_NOT_FOUND');
  const translations = await translationsOf(deps.db, [article.id]);
  return toNewsDetail(article, pickTranslation(translations, input.lang));
}
