import { Button } from 'antd-mobile';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { assetUrl } from '../../../lib/api-host';
import { ApiError } from '../../../lib/request';
import { useNewsDetail } from '../api/get-news-detail';
import { sanitizeArticle } from '../sanitize-html';
import styles from './news.module.css';
import { NewsDetailSkeleton } from './news-skeleton';

/** The article id of `?id=`: a positive whole number, else none. */
export function articleIdOf(text: string | null): number | null {
  const id = Number(text);
  return text && /^\d{1,15}$/.test(text) && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The article's HTML, sanitised again here before it enters the page (the server did when it was saved). */
function ArticleContent({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    ref.current?.replaceChildren(sanitizeArticle(html));
  }, [html]);
  return <div ref={ref} className={styles.content} data-testid="news-content" />;
}

/**
 * `/news/detail?id=` (spec §2): the article's title, date, picture and content. An unknown or
 * unpublished article shows the server's message with the way back.
 */
export function NewsDetailScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const id = articleIdOf(params.get('id'));
  const article = useNewsDetail(id);

  // Back to where the reader came from, or to the list when the article was opened directly.
  const back = () => {
    if (location.key === 'default') void navigate('/news', { replace: true });
    else void navigate(-1);
  };

  let body: ReactNode;
  if (id === null || article.isError) {
    // A refusal's message (not found) is the server's; a transport failure can be tried again.
    const refused = id === null || article.error instanceof ApiError;
    const message =
      id === null ? t('news.notFound') : refused ? article.error?.message : t('common.loadFailed');
    body = (
      <div className={styles.problem} data-testid="news-problem" role="alert">
        <p>{message || t('news.notFound')}</p>
        <div className={styles.problemActions}>
          {!refused && (
            <Button shape="rounded" onClick={() => void article.refetch()} loading={article.isFetching}>
              {t('common.retry')}
            </Button>
          )}
          <Button shape="rounded" color="primary" onClick={back}>
            {t('news.backToList')}
          </Button>
        </div>
      </div>
    );
  } else if (article.isPending) {
    body = <NewsDetailSkeleton />;
  } else {
    const item = article.data;
    body = (
      <article
        className={styles.article}
        aria-labelledby="news-title"
        data-testid="news-article"
        data-id={item.id}
      >
        <h2 className={styles.title} id="news-title">
          {item.title}
        </h2>
        <time className={`${styles.date} num`} dateTime={item.created_at.replace(' ', 'T')}>
          {item.created_at.slice(0, 16)}
        </time>
        {item.logo ? (
          <img className={styles.cover} src={assetUrl(item.logo)} alt="" decoding="async" />
        ) : null}
        <ArticleContent html={item.content} />
      </article>
    );
  }

  return (
    <div className="page">
      <PageHeader title={t('screens.newsDetail')} />
      <main className={styles.body}>{body}</main>
    </div>
  );
}
