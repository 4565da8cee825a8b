import type { LoginResult } from '@meridian/contracts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormSubmit, formStyles, PasswordField } from '../../../components/form-controls';
import { DeviceIcon } from '../../../components/icons';
import { useSubmit } from '../../../lib/use-submit';
import { useSession } from '../../../stores/session';
import { useDemoLogin, useLogin } from '../api/use-login';
import { useAccountInput } from '../hooks/use-account-input';
import { safeFrom } from '../redirect';
import { checkLogin } from '../validation';
import { AccountField } from './account-field';
import authStyles from './auth.module.css';
import { AuthPage } from './auth-page';
import styles from './login-screen.module.css';

/** `/login` (spec §2, §5): e-mail or mobile login, and the demo account of this device. */
export function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const setSession = useSession((s) => s.setSession);
  const input = useAccountInput();
  const [password, setPassword] = useState('');
  const login = useLogin();
  const demoLogin = useDemoLogin();
  // One of the two at a time: a password login and the demo account share the guard.
  const submit = useSubmit();
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

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(
      () => checkLogin({ mode: input.mode, account: input.value, password }),
      async () => done(await login.mutateAsync({ ...input.fields, password })),
    );
  };

  const demo = () =>
    submit(
      () => null,
      async () => done(await demoLogin.mutateAsync()),
    );

  return (
    <AuthPage
      title={t('screens.login')}
      welcome={t('login.welcome')}
      subtitle={t('login.subtitle')}
      input={input}
      roomyHero
    >
      <form className={formStyles.form} onSubmit={onSubmit} noValidate>
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

        <FormSubmit loading={login.isPending} className={styles.submit}>
          {t('login.submit')}
        </FormSubmit>
      </form>

      <p className={authStyles.footer}>
        {t('login.noAccount')}{' '}
        <Link to="/register" className={authStyles.link}>
          {t('login.register')}
        </Link>
      </p>

      <div className={styles.divider}>
        <span>{t('login.or')}</span>
      </div>

      <button
        type="button"
        className={styles.demo}
        onClick={() => void demo()}
        disabled={login.isPending || demoLogin.isPending}
      >
        <span className={styles.demoIcon}>
          <DeviceIcon size={22} />
        </span>
        <span className={styles.demoText}>
          <span className={styles.demoTitle}>{t('login.demo')}</span>
          <span className={styles.demoHint}>{t('login.demoHint')}</span>
        </span>
      </button>
    </AuthPage>
  );
}
