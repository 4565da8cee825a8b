import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import styles from '../components/coming-soon.module.css';

/** A screen chunk failed to load (offline, or a new deployment replaced it): offer a reload. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.warn('[router] screen failed', error);
  return (
    <main className={styles.body} role="alert">
      <h1 className={styles.title}>{t('common.loadFailed')}</h1>
      <button type="button" className={styles.link} onClick={() => window.location.reload()}>
        {t('common.retry')}
      </button>
    </main>
  );
}
