import { NATIVE_NAMES } from '@meridian/i18n';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { version } from '../../../../package.json';
import { ChevronRightIcon, GlobeIcon, InfoIcon, TrashIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { currentLanguage } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { toast } from '../../../lib/toast';
import { useSession } from '../../../stores/session';
import { useLogout } from '../hooks/use-logout';
import styles from './mine.module.css';

/** `/mine/system` (spec §2): other settings (language, cached data, version) and logout. */
export function SystemScreen() {
  const { t } = useTranslation();
  const loggedIn = useSession((s) => Boolean(s.token));
  const logout = useLogout();

  const clearCache = () => {
    // Cached server data only: the session, language and device id stay.
    queryClient.clear();
    toast(t('system.cacheCleared'));
  };

  return (
    <div className="page">
      <PageHeader title={t('screens.system')} />
      <main className={styles.body}>
        <ul className={styles.menu}>
          <li>
            <Link to="/language" className={styles.item}>
              <span className={styles.itemIcon}>
                <GlobeIcon size={20} />
              </span>
              <span className={styles.itemLabel}>{t('system.language')}</span>
              <span className={styles.itemValue}>{NATIVE_NAMES[currentLanguage()]}</span>
              <ChevronRightIcon size={18} className={styles.chevron} />
            </Link>
          </li>
          <li>
            <button type="button" className={styles.item} onClick={clearCache}>
              <span className={styles.itemIcon}>
                <TrashIcon size={20} />
              </span>
              <span className={styles.itemLabel}>{t('system.clearCache')}</span>
            </button>
          </li>
          <li>
            <div className={styles.item}>
              <span className={styles.itemIcon}>
                <InfoIcon size={20} />
              </span>
              <span className={styles.itemLabel}>{t('system.version')}</span>
              <span className={`${styles.itemValue} num`}>{version}</span>
            </div>
          </li>
        </ul>
        {loggedIn && (
          <div className={styles.logout}>
            <Button
              block
              shape="rounded"
              size="large"
              color="danger"
              fill="outline"
              onClick={() => void logout()}
              data-testid="system-logout"
            >
              {t('user.menu.logout')}
            </Button>
          </div>
        )}
      </main>
    </div>
  );
}
