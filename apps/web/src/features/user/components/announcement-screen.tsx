import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useBasicInfo } from '../../../lib/basic-info';
import styles from './mine.module.css';

/** The site title of the test platform: its announcement carries a red bold '(DEMO test)' note. */
export const DEMO_SITE_TITLE = 'DEMO';

/**
 * `/mine/announcement` (spec §1, §2): the static announcement, with the countries the service is
 * not offered to; on the DEMO site the '(DEMO test)' note follows.
 */
export function AnnouncementScreen() {
  const { t } = useTranslation();
  const basic = useBasicInfo();
  const isDemoSite = basic.data?.title === DEMO_SITE_TITLE;
  return (
    <div className="page">
      <PageHeader title={t('screens.announcement')} />
      <main className={styles.body}>
        <article className={styles.article} data-testid="announcement">
          <h2>{t('announcement.title')}</h2>
          <p>{t('announcement.greeting')}</p>
          <p>{t('announcement.body')}</p>
          <ul className={styles.countries}>
            <li>{t('announcement.countries.kp')}</li>
            <li>{t('announcement.countries.il')}</li>
            <li>{t('announcement.countries.cn')}</li>
            <li>{t('announcement.countries.vu')}</li>
            <li>{t('announcement.countries.cu')}</li>
          </ul>
          <p>{t('announcement.closing')}</p>
          <p className={styles.signature}>
            {t('announcement.signature')}
            {isDemoSite && (
              <>
                {' '}
                <strong className={styles.demoNote} data-testid="demo-note">
                  {t('announcement.demoNote')}
                </strong>
              </>
            )}
          </p>
        </article>
      </main>
    </div>
  );
}
