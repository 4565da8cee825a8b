import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  FormSubmit,
  formStyles,
  NewPasswordFields,
  PasswordField,
  useNewPassword,
} from '../../../components/form-controls';
import { PageHeader } from '../../../components/page-header';
import { toast } from '../../../lib/toast';
import { useSubmit } from '../../../lib/use-submit';
import { useAmendPassword } from '../api/use-amend-password';
import { checkAmendPassword } from '../validation';
import { AccountGate } from './account-gate';
import styles from './mine.module.css';

function PasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [oldPassword, setOldPassword] = useState('');
  const newPassword = useNewPassword();
  const { password, repeat } = newPassword;
  const amend = useAmendPassword();
  const submit = useSubmit();
  const ids = { old: useId() };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(
      () => checkAmendPassword({ oldPassword, password, repeat }),
      async () => {
        const envelope = await amend.mutateAsync({ oldPassword, password, repeat });
        toast(envelope.msg || t('password.done'));
        navigate('/user', { replace: true });
      },
    );
  };

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate data-testid="password-form">
      <PasswordField
        id={ids.old}
        label={t('password.old')}
        name="old_password"
        autoComplete="current-password"
        placeholder={t('password.oldPlaceholder')}
        value={oldPassword}
        onChange={setOldPassword}
      />
      <NewPasswordFields on="change" value={newPassword} />
      <p className={formStyles.hint}>{t('password.otherSessions')}</p>
      <FormSubmit loading={amend.isPending}>{t('password.submit')}</FormSubmit>
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
