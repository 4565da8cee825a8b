import { Input } from 'antd-mobile';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  FormField,
  FormSubmit,
  formStyles,
  NewPasswordFields,
  useNewPassword,
} from '../../../components/form-controls';
import { useBasicInfo } from '../../../lib/basic-info';
import { toast } from '../../../lib/toast';
import { useSubmit } from '../../../lib/use-submit';
import { useSession } from '../../../stores/session';
import { useCaptcha } from '../api/get-captcha';
import { useRegister } from '../api/use-register';
import { useAccountInput } from '../hooks/use-account-input';
import { checkRegister } from '../validation';
import { AccountField } from './account-field';
import styles from './auth.module.css';
import { AuthPage } from './auth-page';
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
  const newPassword = useNewPassword();
  const { password, repeat } = newPassword;
  const [inviteCode, setInviteCode] = useState(() => params.get('invite_code')?.trim() ?? '');
  const register = useRegister();
  const submit = useSubmit();
  const ids = { account: useId(), code: useId(), invite: useId() };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(
      () => checkRegister({ account: input.value, password, repeat, inviteCode, code }),
      async () => {
        try {
          const envelope = await register.mutateAsync({
            ...input.fields,
            password,
            repeat,
            inviteCode: inviteCode.trim(),
            code: code.trim(),
            captchaId: byCaptcha ? captcha.data?.id : undefined,
          });
          setSession(envelope.data.token, envelope.data.user);
          if (envelope.msg) toast(envelope.msg);
          navigate('/user', { replace: true });
        } catch (refused) {
          // a picture code is good for one try only
          if (byCaptcha) {
            setCode('');
            void captcha.refetch();
          }
          throw refused;
        }
      },
    );
  };

  return (
    <AuthPage
      title={t('screens.register')}
      welcome={t('register.welcome')}
      subtitle={t('register.subtitle')}
      input={input}
    >
      <form className={formStyles.form} onSubmit={onSubmit} noValidate data-testid="register-form">
        <AccountField id={ids.account} input={input} />
        {byCaptcha ? (
          <CaptchaField id={ids.code} captcha={captcha} value={code} onChange={setCode} />
        ) : (
          <CodeField id={ids.code} input={input} purpose="register" value={code} onChange={setCode} />
        )}
        <NewPasswordFields on="register" value={newPassword} />
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

        <FormSubmit loading={register.isPending}>{t('register.submit')}</FormSubmit>
      </form>

      <p className={styles.footer}>
        {t('register.haveAccount')}{' '}
        <Link to="/login" className={styles.link}>
          {t('login.submit')}
        </Link>
      </p>
    </AuthPage>
  );
}
