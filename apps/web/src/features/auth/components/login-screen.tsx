import type { LoginResult } from '@meridian/contracts';
import { Button } from 'antd-mobile';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formStyles, PasswordField } from '../../../components/form-controls';
import { DeviceIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { toast } from '../../../lib/toast';
import { useSession } from '../../../stores/session';
import { loginDemo, loginWithPassword } from '../api/login';
import { useAccountInput } from '../hooks/use-account-input';
import { safeFrom } from '../redirect';
import { checkLogin } from '../validation';
import { AccountField, AccountTabs } from './account-field';
import styles from './login-screen.module.css';

/** `/login` (spec §2, §5): e-mail or mobile login, and the demo account of this device. */
export function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const setSession = useSession((s) => s.setSession);
  const input = useAccountInput();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState<'password' | 'demo' | null>(null);
  const accountId = useId();
  const passwordId = useId();

  // Whether this screen is still shown: an answer that comes after the trader went elsewhere (back,
  // a tab) signs in but must not pull them back to `from` from wherever they are now.
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);

  const done = (result: LoginResult) => {
    setSession(result.token, result.user); // the socket logs in from the session store
    if (shown.current) navigate(safeFrom(params.get('from')), { replace: true });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const problem = checkLogin({ mode: input.mode, account: input.value, password });
    if (problem) {
      toast(t(problem));
      return;
    }
    setBusy('password');
    try {
      done(
        await loginWithPassword({ account: input.value, password, mode: input.mode, areaId: input.area?.id }),
      );
    } catch {
      // the request layer showed the server's msg
    } finally {
      setBusy(null);
    }
  };

  const demo = async () => {
    if (busy) return;
    setBusy('demo');
    try {
      done(await loginDemo());
    } catch {
      // toast shown by the request layer
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="page">
      <PageHeader title={t('screens.login')} />
      <main className={styles.body}>
        <div className={styles.hero}>
          <h2 className={styles.welcome}>{t('login.welcome')}</h2>
          <p className={styles.subtitle}>{t('login.subtitle')}</p>
        </div>

        <AccountTabs input={input} />

        <form className={formStyles.form} onSubmit={submit} noValidate>
          <AccountField id={accountId} input={input} />
          <PasswordField
            id={passwordId}
            label={t('login.password')}
            name="password"
            autoComplete="current-password"
            placeholder={t('login.passwordPlaceholder')}
            value={password}
            onChange={setPassword}
          />

          <div className={styles.forgotRow}>
            <Link to="/forgot" className={styles.linkMuted}>
              {t('login.forgot')}
            </Link>
          </div>

          <Button
            type="submit"
            color="primary"
            block
            shape="rounded"
            size="large"
            loading={busy === 'password'}
            className={styles.submit}
          >
            {t('login.submit')}
          </Button>
        </form>

        <p className={styles.register}>
          {t('login.noAccount')}{' '}
          <Link to="/register" className={styles.link}>
            {t('login.register')}
          </Link>
        </p>

        <div className={styles.divider}>
          <span>{t('login.or')}</span>
        </div>

        <button type="button" className={styles.demo} onClick={() => void demo()} disabled={busy !== null}>
          <span className={styles.demoIcon}>
            <DeviceIcon size={22} />
          </span>
          <span className={styles.demoText}>
            <span className={styles.demoTitle}>{t('login.demo')}</span>
            <span className={styles.demoHint}>{t('login.demoHint')}</span>
          </span>
        </button>
      </main>
    </div>
  );
}
