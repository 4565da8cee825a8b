import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormSubmit, formStyles, NewPasswordFields, useNewPassword } from '../../../components/form-controls';
import { toast } from '../../../lib/toast';
import { useSubmit } from '../../../lib/use-submit';
import { useResetPassword } from '../api/use-reset-password';
import { useAccountInput } from '../hooks/use-account-input';
import { checkReset } from '../validation';
import { AccountField } from './account-field';
import { AuthPage } from './auth-page';
import { CodeField } from './code-field';

/** `/forgot` (spec §2, §5): account, new password twice and the type-2 code; then back to /login. */
export function ForgotScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const input = useAccountInput();
  const [code, setCode] = useState('');
  const newPassword = useNewPassword();
  const { password, repeat } = newPassword;
  const reset = useResetPassword();
  const submit = useSubmit();
  const ids = { account: useId(), code: useId() };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(
      () => checkReset({ mode: input.mode, account: input.value, password, repeat }),
      async () => {
        const envelope = await reset.mutateAsync({ ...input.fields, password, repeat, code: code.trim() });
        toast(envelope.msg || t('forgot.done'));
        navigate('/login', { replace: true });
      },
    );
  };

  return (
    <AuthPage title={t('screens.forgot')} subtitle={t('forgot.subtitle')} input={input}>
      <form className={formStyles.form} onSubmit={onSubmit} noValidate data-testid="forgot-form">
        <AccountField id={ids.account} input={input} />
        <CodeField id={ids.code} input={input} purpose="reset" value={code} onChange={setCode} />
        <NewPasswordFields on="reset" value={newPassword} />
        <FormSubmit loading={reset.isPending}>{t('forgot.submit')}</FormSubmit>
      </form>
    </AuthPage>
  );
}
