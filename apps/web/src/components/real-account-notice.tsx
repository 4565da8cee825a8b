import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { InfoIcon } from './icons';
import styles from './real-account-notice.module.css';

/**
 * What a demo account sees instead of a screen for real accounts (spec §6): 'Please register or log
 * in to a real account', and the way to the login.
 */
export function RealAccountNotice({ testId = 'real-account-required' }: { testId?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={styles.notice} data-testid={testId}>
      <span className={styles.badge}>
        <InfoIcon size={30} />
      </span>
      <p>{t('common.realAccountRequired')}</p>
      <Button color="primary" shape="rounded" onClick={() => navigate('/login', { replace: true })}>
        {t('account.switchAccount')}
      </Button>
    </div>
  );
}
