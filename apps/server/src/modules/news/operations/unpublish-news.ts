import { NEWS_STATUS, type StaffNewsArticle, type staffUnpublishNewsCall } from '@meridian/contracts';
import { AppError } from '../../../lib/app-error.ts';
import type { StaffContext } from '../../staff/register-staff-call.ts';
import { auditSummary, toStaffNewsArticle } from '../news.mapper.ts';
import { lockArticle, translationsOf, updateArticle } from '../news.repository.ts';
import type { NewsDeps } from '../news-deps.ts';

/**
 * Takes an article back to draft: it leaves the app's list and detail at once. Its last publish
 * time is kept for staff to see (a draft's time is never shown).
 */
export async function unpublishNews(
  deps: Pick<NewsDeps, 'db' | 'now'>,
  input: Pick<StaffContext<typeof staffUnpublishNewsCall>, 'params' | 'audit'>,
): Promise<StaffNewsArticle> {
  const { params, audit } = input;
  const now = new Date(deps.now());
  const { before, article, translations } = await deps.db.transaction(async (tx) => {
    const before = await lockArticle(tx, params.id);
    if (!before) throw new AppError('NEWS_NOT_FOUND');
    const article = (await updateArticle(tx, before.id, { status: NEWS_STATUS.DRAFT, updatedAt: now }))!;
    return { before, article, translations: await translationsOf(tx, [before.id]) };
  });
  audit({
    action: 'news.unpublished',
    targetType: 'news',
    targetId: article.id,
    before: auditSummary(before, translations, now),
    after: auditSummary(article, translations, now),
  });
  return toStaffNewsArticle(article, translations, now);
}
