import { Skeleton } from 'antd-mobile';
import styles from './news.module.css';

/** Placeholder rows while the first page of news loads. */
export function NewsListSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div aria-hidden="true" data-testid="news-skeleton">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows
        <div key={i} className={styles.skeletonRow}>
          <div className={styles.skeletonLines}>
            <Skeleton animated className={styles.skeletonLine} />
            <Skeleton animated className={styles.skeletonLine} />
            <Skeleton animated className={styles.skeletonLineShort} />
          </div>
          <Skeleton animated className={styles.skeletonThumb} />
        </div>
      ))}
    </div>
  );
}

/** Placeholder of an article while it loads. */
export function NewsDetailSkeleton() {
  return (
    <div className={styles.article} aria-hidden="true" data-testid="news-detail-skeleton">
      <div className={styles.skeletonLines}>
        <Skeleton animated className={styles.skeletonLine} />
        <Skeleton animated className={styles.skeletonLineShort} />
        <Skeleton animated className={styles.skeletonCover} />
        <Skeleton.Paragraph animated lineCount={6} />
      </div>
    </div>
  );
}
