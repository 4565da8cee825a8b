import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { InfoIcon } from '../../../components/icons';
import styles from './copy-trading.module.css';

interface ListStateProps {
  title: string;
  hint?: ReactNode;
  /** A failed load: a Retry button that calls it. */
  onRetry?: () => void;
  /** Busy retrying: the button spins. */
  retrying?: boolean;
  action?: ReactNode;
  testId: string;
}

/** The empty or failed state of a copy-trading screen: what happened, and what to do next. */
export function ListState({ title, hint, onRetry, retrying = false, action, testId }: ListStateProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.state} data-testid={testId} role={onRetry ? 'alert' : undefined}>
      <span className={styles.stateBadge} aria-hidden="true">
        <InfoIcon size={28} />
      </span>
      <p className={styles.stateTitle}>{title}</p>
      {hint ? <p className={styles.stateHint}>{hint}</p> : null}
      {onRetry ? (
        <Button shape="rounded" onClick={onRetry} loading={retrying} data-testid="state-retry">
          {t('common.retry')}
        </Button>
      ) : null}
      {action}
    </div>
  );
}
