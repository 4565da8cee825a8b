import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { InfoIcon } from '../../../components/icons';
import { useSession } from '../../../stores/session';
import styles from './mine.module.css';

/**
 * The /mine screens are not guarded by the router (spec §2: only /order and /user are). Opened
 * directly without a session they ask for a login; with `realOnly`, a demo account is told that
 * the screen needs a real account (spec §6).
 */
export function AccountGate({ realOnly = false, children }: { realOnly?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const token = useSession((s) => s.token);
  const isDemo = useSession((s) => s.user?.is_demo === 1);

  if (token && !(realOnly && isDemo)) return children;
  const loggedOut = !token;
  return (
    <div className={styles.notice} data-testid="account-gate">
      <span className={styles.badge}>
        <InfoIcon size={30} />
      </span>
      <p>{t(loggedOut ? 'account.loginRequired' : 'common.realAccountRequired')}</p>
      <Button
        color="primary"
        shape="rounded"
        onClick={() =>
          navigate(loggedOut ? `/login?from=${encodeURIComponent(pathname + search)}` : '/login', {
            replace: !loggedOut,
          })
        }
      >
        {t(loggedOut ? 'login.submit' : 'account.switchAccount')}
      </Button>
    </div>
  );
}
