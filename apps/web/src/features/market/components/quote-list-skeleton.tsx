import { Skeleton } from 'antd-mobile';
import styles from './home.module.css';

/** Spec §2: a skeleton of 10 rows while the list loads. */
export function QuoteListSkeleton({ rows = 10 }: { rows?: number }) {
  return (
    <div aria-hidden="true" data-testid="quote-skeleton">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows
        <div key={i} className={styles.skeletonRow}>
          <Skeleton animated className={styles.skeletonLogo} />
          <div className={styles.skeletonNames}>
            <Skeleton animated className={styles.skeletonLine} />
            <Skeleton animated className={styles.skeletonLineShort} />
          </div>
          <Skeleton animated className={styles.skeletonChart} />
          <div className={styles.skeletonQuote}>
            <Skeleton animated className={styles.skeletonLine} />
            <Skeleton animated className={styles.skeletonLineShort} />
          </div>
        </div>
      ))}
    </div>
  );
}
