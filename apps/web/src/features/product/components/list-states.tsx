import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import styles from './product.module.css';

/** Placeholder rows while a list loads. */
export function ListSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div aria-hidden="true" data-testid="product-skeleton">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows
        <div key={i} className={styles.skeletonRow}>
          <Skeleton animated className={styles.skeletonLogo} />
          <div className={styles.skeletonLines}>
            <Skeleton animated className={styles.skeletonLine} />
            <Skeleton animated className={styles.skeletonLineShort} />
          </div>
        </div>
      ))}
    </div>
  );
}

/** A list that could not be loaded: says so, with Retry. */
export function ListFailed({ onRetry, busy }: { onRetry: () => void; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={styles.failed} data-testid="product-failed">
      <p>{t('common.loadFailed')}</p>
      <Button shape="rounded" onClick={onRetry} loading={busy}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
