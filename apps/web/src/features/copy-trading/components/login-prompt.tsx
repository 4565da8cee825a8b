import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { InfoIcon } from '../../../components/icons';
import styles from './copy-trading.module.css';

/**
 * What a logged-out visitor sees on the copy tab and the provider centre (the router does not guard
 * /rank, the public ranking): why to log in, and the login that comes back here.
 */
export function LoginPrompt({ text }: { text: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (
    <div className={styles.state} data-testid="copy-login">
      <span className={styles.stateBadge} aria-hidden="true">
        <InfoIcon size={28} />
      </span>
      <p className={styles.stateTitle}>{text}</p>
      <Button
        color="primary"
        shape="rounded"
        onClick={() => void navigate(`/login?from=${encodeURIComponent(pathname + search)}`)}
      >
        {t('login.submit')}
      </Button>
    </div>
  );
}
