import { Button } from 'antd-mobile';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formStyles, NewPasswordFields, PasswordField } from '../../../components/form-controls';
import { PageHeader } from '../../../components/page-header';
import { toast } from '../../../lib/toast';
import { amendPassword } from '../api/amend-password';
import { checkAmendPassword } from '../validation';
import { AccountGate } from './account-gate';
import styles from './mine.module.css';

function PasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const ids = { old: useId() };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const problem = checkAmendPassword({ oldPassword, password, repeat });
    if (problem) {
      toast(t(problem));
      return;
    }
    setBusy(true);
    try {
      const envelope = await amendPassword({ oldPassword, password, repeat });
      toast(envelope.msg || t('password.done'));
      navigate('/user', { replace: true });
    } catch {
      // the request layer showed the server's msg
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={formStyles.form} onSubmit={submit} noValidate data-testid="password-form">
      <PasswordField
        id={ids.old}
        label={t('password.old')}
        name="old_password"
        autoComplete="current-password"
        placeholder={t('password.oldPlaceholder')}
        value={oldPassword}
        onChange={setOldPassword}
      />
      <NewPasswordFields
        passwordLabel={t('password.new')}
        repeatLabel={t('password.repeat')}
        passwordName="new_password"
        repeatName="re_password"
        passwordPlaceholder={t('forgot.newPasswordPlaceholder')}
        password={password}
        onPassword={setPassword}
        repeat={repeat}
        onRepeat={setRepeat}
      />
      <p className={formStyles.hint}>{t('password.otherSessions')}</p>
      <Button
        type="submit"
        color="primary"
        block
        shape="rounded"
        size="large"
        loading={busy}
        className={formStyles.submit}
      >
        {t('password.submit')}
      </Button>
    </form>
  );
}

/** `/mine/password`: old, new and repeated password; this session stays, the others end. */
export function PasswordScreen() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t('screens.password')} />
      <main className={styles.body}>
        <AccountGate realOnly>
          <PasswordForm />
        </AccountGate>
      </main>
    </div>
  );
}
