import type { StaffNewsArticle, staffUpdateNewsCall } from '@meridian/contracts';
import { AppError } from '../../../lib/app-error.ts';
import type { StaffContext } from '../../staff/register-staff-call.ts';
import { sanitizeArticleHtml } from '../article-html.ts';
import { auditSummary, toStaffNewsArticle } from '../news.mapper.ts';
import { lockArticle, replaceTranslations, translationsOf, updateArticle } from '../news.repository.ts';
import type { NewsDeps } from '../news-deps.ts';

/**
 * Replaces an article's logo and language versions in one transaction (a reader sees the old
 * article or the new one, never a mix); its state and publish time stay as they are.
 */
export async function updateNews(
  deps: Pick<NewsDeps, 'db' | 'now'>,
  input: Pick<StaffContext<typeof staffUpdateNewsCall>, 'params' | 'body' | 'audit'>,
): Promise<StaffNewsArticle> {
  const { params, body, audit } = input;
  const now = new Date(deps.now());
  const { before, beforeTranslations, article, translations } = await deps.db.transaction(async (tx) => {
    const before = await lockArticle(tx, params.id);
    if (!before) throw new AppError('NEWS_NOT_FOUND');
    const beforeTranslations = await translationsOf(tx, [before.id]);
    const article = (await updateArticle(tx, before.id, { logo: body.logo, updatedAt: now }))!;
    const translations = await replaceTranslations(
      tx,
      article.id,
      body.translations.map((t) => ({ ...t, content: sanitizeArticleHtml(t.content) })),
    );
    return { before, beforeTranslations, article, translations };
  });
  audit({
    action: 'news.updated',
    targetType: 'news',
    targetId: article.id,
    before: auditSummary(before, beforeTranslations, now),
    after: auditSummary(article, translations, now),
  });
  return toStaffNewsArticle(article, translations, now);
}
