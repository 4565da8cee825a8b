import { Skeleton } from 'antd-mobile';
import styles from './copy-trading.module.css';

/** Placeholder rows while the first page of the ranking loads. */
export function RankSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div aria-hidden="true" data-testid="rank-skeleton">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows
        <div key={i} className={styles.skeletonRow}>
          <div className={styles.skeletonHead}>
            <Skeleton animated className={styles.skeletonAvatar} />
            <div className={styles.skeletonLines}>
              <Skeleton animated className={styles.skeletonLine} />
              <Skeleton animated className={styles.skeletonLineShort} />
            </div>
          </div>
          <Skeleton animated className={styles.skeletonStats} />
        </div>
      ))}
    </div>
  );
}
