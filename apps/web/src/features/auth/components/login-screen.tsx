import type { LoginResult } from '@meridian/contracts';
import { Button, Input, Tabs } from 'antd-mobile';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DeviceIcon, EyeIcon, EyeOffIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { toast } from '../../../lib/toast';
import { useSession } from '../../../stores/session';
import { type LoginMode, loginDemo, loginWithPassword } from '../api/login';
import { safeFrom } from '../redirect';
import styles from './login-screen.module.css';

/** `/login` (spec §2, §5): e-mail or mobile login, and the demo account of this device. */
export function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const setSession = useSession((s) => s.setSession);
  const [mode, setMode] = useState<LoginMode>('email');
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState<'password' | 'demo' | null>(null);
  const accountId = useId();
  const passwordId = useId();

  const done = (result: LoginResult) => {
    setSession(result.token, result.user); // the socket logs in from the session store
    navigate(safeFrom(params.get('from')), { replace: true });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!account.trim()) {
      toast(t(mode === 'email' ? 'login.enterEmail' : 'login.enterPhone'));
      return;
    }
    if (!password) {
      toast(t('login.enterPassword'));
      return;
    }
    setBusy('password');
    try {
      done(await loginWithPassword({ account: account.trim(), password, mode }));
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

        <Tabs
          activeKey={mode}
          onChange={(key) => {
            setMode(key as LoginMode);
            setAccount('');
          }}
          className={styles.tabs}
        >
          <Tabs.Tab key="email" title={t('login.tabEmail')} />
          <Tabs.Tab key="mobile" title={t('login.tabMobile')} />
        </Tabs>

        <form className={styles.form} onSubmit={submit} noValidate>
          <label className={styles.label} htmlFor={accountId}>
            {t(mode === 'email' ? 'login.email' : 'login.mobile')}
          </label>
          <div className={styles.field}>
            <Input
              id={accountId}
              name="account"
              type={mode === 'email' ? 'email' : 'tel'}
              autoComplete={mode === 'email' ? 'email' : 'tel'}
              placeholder={t(mode === 'email' ? 'login.emailPlaceholder' : 'login.mobilePlaceholder')}
              value={account}
              onChange={setAccount}
              clearable
            />
          </div>

          <label className={styles.label} htmlFor={passwordId}>
            {t('login.password')}
          </label>
          <div className={styles.field}>
            <Input
              id={passwordId}
              name="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              placeholder={t('login.passwordPlaceholder')}
              value={password}
              onChange={setPassword}
            />
            <button
              type="button"
              className={styles.eye}
              aria-label={t(showPassword ? 'login.hidePassword' : 'login.showPassword')}
              aria-pressed={showPassword}
              onClick={() => setShowPassword((v) => !v)}
            >
              {showPassword ? <EyeIcon size={20} /> : <EyeOffIcon size={20} />}
            </button>
          </div>

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
