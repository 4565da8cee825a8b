import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import styles from './wallet.module.css';

interface NoOptionsProps {
  query: Pick<UseQueryResult, 'isPending' | 'isError'>;
  /** Catalog key of the message when the list came back empty. */
  empty: string;
  testId: string;
}

/** What a wallet form shows instead of itself while its options load, or when there are none. */
export function NoOptions({ query, empty, testId }: NoOptionsProps) {
  const { t } = useTranslation();
  if (query.isPending) return <p className={styles.note}>{t('app.loading')}</p>;
  return (
    <p className={styles.message} data-testid={testId}>
      {query.isError ? t('common.loadFailed') : t(empty)}
    </p>
  );
}
