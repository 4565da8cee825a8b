import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../stores/session';
import { InfoIcon } from './icons';
import styles from './real-account-gate.module.css';

/**
 * Screens for real accounts (spec §6: wallet, real-name; the server refuses a demo account on their
 * calls): a demo user who lands here is told so and offered the login, instead of the screen. The
 * router has already sent a logged-out visitor to /login?from=.
 */
export function RealAccountGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isDemo = useSession((s) => s.user?.is_demo === 1);
  if (!isDemo) return children;
  return (
    <div className={styles.notice} data-testid="real-account-required">
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
