import {
  CONTENT_LANGUAGES,
  NEWS_STATUS,
  type NewsDetail,
  type NewsItem,
  type NewsState,
  type StaffNewsArticle,
  type StaffNewsRow,
} from '@meridian/contracts';
import { londonDateTime } from '@meridian/i18n';
import { iso } from '../../lib/iso-time.ts';
import type { NewsArticleRow, NewsTranslationRow } from './news.repository.ts';

/** Language versions in the list's order (hk, en, jp, …): the order staff see and the last fallback. */
const languageRank = (lang: string) => {
  const i = (CONTENT_LANGUAGES as readonly string[]).indexOf(lang);
  return i < 0 ? CONTENT_LANGUAGES.length : i;
};
export const inLanguageOrder = (translations: NewsTranslationRow[]) =>
  [...translations].sort((a, b) => languageRank(a.lang) - languageRank(b.lang));

/**
 * The version a reader gets (DECISIONS "News languages"): their language, else English, else the
 * default language (hk), else the first the article has in the language list's order.
 */
export function pickTranslation(
  translations: NewsTranslationRow[],
  lang: string,
): NewsTranslationRow | undefined {
  for (const wanted of [lang, 'en', 'hk']) {
    const t = translations.find((x) => x.lang === wanted);
    if (t) return t;
  }
  return inLanguageOrder(translations)[0];
}

/** A shown article always has a publish time; created_at is it, in London time (spec §9). */
export function toNewsItem(article: NewsArticleRow, t: NewsTranslationRow | undefined): NewsItem {
  return {
    id: article.id,
    title: t?.title ?? '',
    desc: t?.desc ?? '',
    logo: article.logo,
    created_at: londonDateTime((article.publishAt ?? article.createdAt).getTime()),
  };
}

export function toNewsDetail(article: NewsArticleRow, t: NewsTranslationRow | undefined): NewsDetail {
  return { ...toNewsItem(article, t), content: t?.content ?? '', lang: t?.lang ?? '' };
}

/** draft, scheduled (published with a time still to come) or published (shown). */
export function stateOf(article: NewsArticleRow, now: Date): NewsState {
  if (article.status !== NEWS_STATUS.PUBLISHED || !article.publishAt) return 'draft';
  return article.publishAt.getTime() > now.getTime() ? 'scheduled' : 'published';
}

export function toStaffNewsRow(
  article: NewsArticleRow,
  translations: NewsTranslationRow[],
  now: Date,
): StaffNewsRow {
  const ordered = inLanguageOrder(translations);
  return {
    id: article.id,
    status: article.status,
    state: stateOf(article, now),
    publishAt: iso(article.publishAt),
    logo: article.logo,
    title: (ordered.find((t) => t.lang === 'en') ?? ordered[0])?.title ?? '',
    languages: ordered.map((t) => t.lang),
    createdBy: article.createdBy,
    updatedAt: iso(article.updatedAt)!,
  };
}

export function toStaffNewsArticle(
  article: NewsArticleRow,
  translations: NewsTranslationRow[],
  now: Date,
): StaffNewsArticle {
  return {
    ...toStaffNewsRow(article, translations, now),
    categoryId: article.categoryId,
    translations: inLanguageOrder(translations).map((t) => ({
      lang: t.lang as StaffNewsArticle['translations'][number]['lang'],
      title: t.title,
      desc: t.desc,
      content: t.content,
    })),
  };
}

/**
 * What an audit entry keeps of an article: enough to see what changed (titles, languages, state,
 * time, logo, how long each version is), not the HTML itself.
 */
export function auditSummary(article: NewsArticleRow, translations: NewsTranslationRow[], now: Date) {
  const ordered = inLanguageOrder(translations);
  return {
    state: stateOf(article, now),
    publishAt: iso(article.publishAt),
    logo: article.logo,
    languages: ordered.map((t) => t.lang),
    titles: Object.fromEntries(ordered.map((t) => [t.lang, t.title])),
    contentLength: Object.fromEntries(ordered.map((t) => [t.lang, t.content.length])),
  };
}
