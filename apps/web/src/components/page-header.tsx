import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ChevronLeftIcon } from './icons';
import styles from './page-header.module.css';

interface PageHeaderProps {
  title: ReactNode;
  /** Hide the back button (tab screens). */
  noBack?: boolean;
  left?: ReactNode;
  right?: ReactNode;
}

/** Sticky screen header; back goes to the previous screen, or home when the screen was opened directly. */
export function PageHeader({ title, noBack, left, right }: PageHeaderProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useTranslation();
  const back = () => {
    if (location.key === 'default') navigate('/', { replace: true });
    else navigate(-1);
  };
  return (
    <header className={styles.header}>
      <div className={styles.side}>
        {noBack ? (
          left
        ) : (
          <button type="button" className={styles.iconButton} aria-label={t('common.back')} onClick={back}>
            <ChevronLeftIcon className={styles.flip} />
          </button>
        )}
      </div>
      <h1 className={styles.title}>{title}</h1>
      <div className={`${styles.side} ${styles.end}`}>{right}</div>
    </header>
  );
}

export const headerIconButtonClass = styles.iconButton;
