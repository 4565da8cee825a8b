import { NEWS_STATUS, type StaffNewsArticle, type staffCreateNewsCall } from '@meridian/contracts';
import type { StaffContext } from '../../staff/register-staff-call.ts';
import { sanitizeArticleHtml } from '../article-html.ts';
import { auditSummary, toStaffNewsArticle } from '../news.mapper.ts';
import { insertArticle, replaceTranslations } from '../news.repository.ts';
import type { NewsDeps } from '../news-deps.ts';

/** Writes a new article as a draft; each version's HTML is stored (and answered) sanitised. */
export async function createNews(
  deps: Pick<NewsDeps, 'db' | 'now'>,
  input: Pick<StaffContext<typeof staffCreateNewsCall>, 'body' | 'staff' | 'audit'>,
): Promise<StaffNewsArticle> {
  const { body, staff, audit } = input;
  const now = new Date(deps.now());
  const { article, translations } = await deps.db.transaction(async (tx) => {
    const article = await insertArticle(tx, {
      status: NEWS_STATUS.DRAFT,
      logo: body.logo,
      publishAt: null,
      createdBy: staff.email,
      createdAt: now,
      updatedAt: now,
    });
    const translations = await replaceTranslations(
      tx,
      article.id,
      body.translations.map((t) => ({ ...t, content: sanitizeArticleHtml(t.content) })),
    );
    return { article, translations };
  });
  audit({
    action: 'news.created',
    targetType: 'news',
    targetId: article.id,
    after: auditSummary(article, translations, now),
  });
  return toStaffNewsArticle(article, translations, now);
}
