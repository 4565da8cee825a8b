import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './coming-soon.module.css';
import { ClockIcon } from './icons';
import { PageHeader } from './page-header';

/** The spec's 'coming soon' state for screens of later issues: a title, the notice and a way back. */
export function ComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t(titleKey)} />
      <main className={styles.body}>
        <div className={styles.badge}>
          <ClockIcon size={34} />
        </div>
        <h2 className={styles.title}>{t('common.comingSoon')}</h2>
        <p className={styles.hint}>{t('common.comingSoonHint')}</p>
        <Link to="/" className={styles.link}>
          {t('common.backHome')}
        </Link>
      </main>
    </div>
  );
}
