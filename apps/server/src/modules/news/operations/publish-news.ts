import { NEWS_STATUS, type StaffNewsArticle, type staffPublishNewsCall } from '@meridian/contracts';
import { AppError } from '../../../lib/app-error.ts';
import type { StaffContext } from '../../staff/register-staff-call.ts';
import { auditSummary, toStaffNewsArticle } from '../news.mapper.ts';
import { lockArticle, translationsOf, updateArticle } from '../news.repository.ts';
import type { NewsDeps } from '../news-deps.ts';

/**
 * Publishes an article now (no time, or a time already past by the time it arrives) or from a
 * future time (scheduled: the app shows it once the time comes, with no job to run). Publishing
 * again moves its time.
 */
export async function publishNews(
  deps: Pick<NewsDeps, 'db' | 'now'>,
  input: Pick<StaffContext<typeof staffPublishNewsCall>, 'params' | 'body' | 'audit'>,
): Promise<StaffNewsArticle> {
  const { params, body, audit } = input;
  const now = new Date(deps.now());
  const asked = body.publishAt === null ? null : new Date(body.publishAt);
  const publishAt = asked && asked.getTime() > now.getTime() ? asked : now;
  const { before, article, translations } = await deps.db.transaction(async (tx) => {
    const before = await lockArticle(tx, params.id);
    if (!before) throw new AppError('NEWS_NOT_FOUND');
    const article = (await updateArticle(tx, before.id, {
      status: NEWS_STATUS.PUBLISHED,
      publishAt,
      updatedAt: now,
    }))!;
    return { before, article, translations: await translationsOf(tx, [before.id]) };
  });
  audit({
    action: 'news.published',
    targetType: 'news',
    targetId: article.id,
    before: auditSummary(before, translations, now),
    after: auditSummary(article, translations, now),
  });
  return toStaffNewsArticle(article, translations, now);
}
