import { Button, Input } from 'antd-mobile';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormField, formStyles, NewPasswordFields } from '../../../components/form-controls';
import { PageHeader } from '../../../components/page-header';
import { useBasicInfo } from '../../../lib/basic-info';
import { toast } from '../../../lib/toast';
import { useSession } from '../../../stores/session';
import { useCaptcha } from '../api/get-captcha';
import { registerAccount } from '../api/register';
import { useAccountInput } from '../hooks/use-account-input';
import { checkRegister } from '../validation';
import { AccountField, AccountTabs } from './account-field';
import styles from './auth.module.css';
import { CaptchaField } from './captcha-field';
import { CodeField } from './code-field';

/** Registration verifies by picture code instead of a sent code when verify_reg_type is 2. */
export const VERIFY_BY_CAPTCHA = 2;

/**
 * `/register` (spec §2, §5): e-mail or mobile, password twice, invitation code (prefilled from
 * `?invite_code=`), and the sent code or the picture code. The new account is logged in.
 */
export function RegisterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const setSession = useSession((s) => s.setSession);
  const basic = useBasicInfo();
  const byCaptcha = basic.data?.verify_reg_type === VERIFY_BY_CAPTCHA;
  const captcha = useCaptcha(byCaptcha);
  const input = useAccountInput();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [inviteCode, setInviteCode] = useState(() => params.get('invite_code')?.trim() ?? '');
  const [busy, setBusy] = useState(false);
  const ids = { account: useId(), code: useId(), invite: useId() };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const problem = checkRegister({ account: input.value, password, repeat, inviteCode, code });
    if (problem) {
      toast(t(problem));
      return;
    }
    setBusy(true);
    try {
      const envelope = await registerAccount({
        mode: input.mode,
        account: input.value,
        areaId: input.area?.id,
        password,
        repeat,
        inviteCode: inviteCode.trim(),
        code: code.trim(),
        captchaId: byCaptcha ? captcha.data?.id : undefined,
      });
      setSession(envelope.data.token, envelope.data.user);
      if (envelope.msg) toast(envelope.msg);
      navigate('/user', { replace: true });
    } catch {
      // the request layer showed the server's msg; a picture code is good for one try only
      if (byCaptcha) {
        setCode('');
        void captcha.refetch();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page">
      <PageHeader title={t('screens.register')} />
      <main className={styles.body}>
        <div className={styles.hero}>
          <h2 className={styles.welcome}>{t('register.welcome')}</h2>
          <p className={styles.subtitle}>{t('register.subtitle')}</p>
        </div>

        <AccountTabs input={input} />

        <form className={formStyles.form} onSubmit={submit} noValidate data-testid="register-form">
          <AccountField id={ids.account} input={input} />
          {byCaptcha ? (
            <CaptchaField id={ids.code} captcha={captcha} value={code} onChange={setCode} />
          ) : (
            <CodeField id={ids.code} input={input} purpose="register" value={code} onChange={setCode} />
          )}
          <NewPasswordFields
            passwordLabel={t('login.password')}
            repeatLabel={t('register.repeat')}
            passwordName="password"
            repeatName="repeat"
            passwordPlaceholder={t('register.passwordPlaceholder')}
            password={password}
            onPassword={setPassword}
            repeat={repeat}
            onRepeat={setRepeat}
          />
          <FormField id={ids.invite} label={t('register.invite')}>
            <Input
              id={ids.invite}
              name="invite_code"
              autoComplete="off"
              autoCapitalize="characters"
              maxLength={32}
              placeholder={t('register.invitePlaceholder')}
              value={inviteCode}
              onChange={setInviteCode}
              clearable
            />
          </FormField>

          <Button
            type="submit"
            color="primary"
            block
            shape="rounded"
            size="large"
            loading={busy}
            className={formStyles.submit}
          >
            {t('register.submit')}
          </Button>
        </form>

        <p className={styles.footer}>
          {t('register.haveAccount')}{' '}
          <Link to="/login" className={styles.link}>
            {t('login.submit')}
          </Link>
        </p>
      </main>
    </div>
  );
}
