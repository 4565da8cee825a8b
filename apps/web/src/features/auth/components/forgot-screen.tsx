import { Button } from 'antd-mobile';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formStyles, PasswordField } from '../../../components/form-controls';
import { PageHeader } from '../../../components/page-header';
import { toast } from '../../../lib/toast';
import { resetPassword } from '../api/forget-password';
import { useAccountInput } from '../hooks/use-account-input';
import { checkReset } from '../validation';
import { AccountField, AccountTabs } from './account-field';
import styles from './auth.module.css';
import { CodeField } from './code-field';

/** `/forgot` (spec §2, §5): account, new password twice and the type-2 code; then back to /login. */
export function ForgotScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const input = useAccountInput();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const ids = { account: useId(), code: useId(), password: useId(), repeat: useId() };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const problem = checkReset({ mode: input.mode, account: input.value, password, repeat });
    if (problem) {
      toast(t(problem));
      return;
    }
    setBusy(true);
    try {
      const envelope = await resetPassword({
        mode: input.mode,
        account: input.value,
        areaId: input.area?.id,
        password,
        repeat,
        code: code.trim(),
      });
      toast(envelope.msg || t('forgot.done'));
      navigate('/login', { replace: true });
    } catch {
      // the request layer showed the server's msg
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page">
      <PageHeader title={t('screens.forgot')} />
      <main className={styles.body}>
        <div className={styles.hero}>
          <p className={styles.subtitle}>{t('forgot.subtitle')}</p>
        </div>

        <AccountTabs input={input} />

        <form className={formStyles.form} onSubmit={submit} noValidate data-testid="forgot-form">
          <AccountField id={ids.account} input={input} />
          <CodeField id={ids.code} input={input} purpose="reset" value={code} onChange={setCode} />
          <PasswordField
            id={ids.password}
            label={t('forgot.newPassword')}
            hint={t('register.passwordHint')}
            name="new_password"
            autoComplete="new-password"
            placeholder={t('forgot.newPasswordPlaceholder')}
            value={password}
            onChange={setPassword}
          />
          <PasswordField
            id={ids.repeat}
            label={t('register.repeat')}
            name="repeat"
            autoComplete="new-password"
            placeholder={t('register.repeatPlaceholder')}
            value={repeat}
            onChange={setRepeat}
          />
          <Button
            type="submit"
            color="primary"
            block
            shape="rounded"
            size="large"
            loading={busy}
            className={formStyles.submit}
          >
            {t('forgot.submit')}
          </Button>
        </form>
      </main>
    </div>
  );
}
