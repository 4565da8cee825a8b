import { Button } from 'antd-mobile';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formStyles, NewPasswordFields } from '../../../components/form-controls';
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
  const ids = { account: useId(), code: useId() };

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
          <NewPasswordFields
            passwordLabel={t('forgot.newPassword')}
            repeatLabel={t('register.repeat')}
            passwordName="new_password"
            repeatName="repeat"
            passwordPlaceholder={t('forgot.newPasswordPlaceholder')}
            password={password}
            onPassword={setPassword}
            repeat={repeat}
            onRepeat={setRepeat}
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
