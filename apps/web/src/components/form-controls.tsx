import { Button, Input } from 'antd-mobile';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './form.module.css';
import { EyeIcon, EyeOffIcon } from './icons';

export const formStyles = styles;

interface FieldProps {
  id: string;
  label: ReactNode;
  children: ReactNode;
  hint?: ReactNode;
}

/** A labelled, bordered input row; `id` ties the label to the input inside. */
export function FormField({ id, label, children, hint }: FieldProps) {
  return (
    <>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.field}>{children}</div>
      {hint ? <p className={styles.hint}>{hint}</p> : null}
    </>
  );
}

interface PasswordInputProps {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  autoComplete: 'current-password' | 'new-password';
}

/** Password input with the show/hide eye. */
export function PasswordInput({ id, name, value, onChange, placeholder, autoComplete }: PasswordInputProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <>
      <Input
        id={id}
        name={name}
        type={visible ? 'text' : 'password'}
        autoComplete={autoComplete}
        placeholder={placeholder}
        value={value}
        onChange={onChange}
      />
      <button
        type="button"
        className={styles.eye}
        aria-label={t(visible ? 'login.hidePassword' : 'login.showPassword')}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <EyeIcon size={20} /> : <EyeOffIcon size={20} />}
      </button>
    </>
  );
}

/** A labelled password row: the one shape every password field of the account screens shares. */
export function PasswordField({
  label,
  hint,
  ...input
}: PasswordInputProps & { label: ReactNode; hint?: ReactNode }) {
  return (
    <FormField id={input.id} label={label} hint={hint}>
      <PasswordInput {...input} />
    </FormField>
  );
}

/** A new password and its repeat, as typed. */
export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  return { password, setPassword, repeat, setRepeat };
}

export type NewPassword = ReturnType<typeof useNewPassword>;

/**
 * What each screen calls the two fields: labels, placeholder, and the form field names as the
 * screen's call names them (`password` / `new_password`, `repeat` / `re_password`).
 */
const NEW_PASSWORD_WORDING = {
  register: {
    passwordLabel: 'login.password',
    repeatLabel: 'register.repeat',
    passwordName: 'password',
    repeatName: 'repeat',
    passwordPlaceholder: 'register.passwordPlaceholder',
  },
  reset: {
    passwordLabel: 'forgot.newPassword',
    repeatLabel: 'register.repeat',
    passwordName: 'new_password',
    repeatName: 'repeat',
    passwordPlaceholder: 'forgot.newPasswordPlaceholder',
  },
  change: {
    passwordLabel: 'password.new',
    repeatLabel: 'password.repeat',
    passwordName: 'new_password',
    repeatName: 're_password',
    passwordPlaceholder: 'forgot.newPasswordPlaceholder',
  },
} as const;

/**
 * A new password and its repeat (register, reset, change): the rules as a hint under the first, both
 * marked `new-password` so a password manager offers to generate and save one.
 */
export function NewPasswordFields({
  on,
  value,
}: {
  on: keyof typeof NEW_PASSWORD_WORDING;
  value: NewPassword;
}) {
  const { t } = useTranslation();
  const ids = { password: useId(), repeat: useId() };
  const words = NEW_PASSWORD_WORDING[on];
  return (
    <>
      <PasswordField
        id={ids.password}
        label={t(words.passwordLabel)}
        hint={t('register.passwordHint')}
        name={words.passwordName}
        autoComplete="new-password"
        placeholder={t(words.passwordPlaceholder)}
        value={value.password}
        onChange={value.setPassword}
      />
      <PasswordField
        id={ids.repeat}
        label={t(words.repeatLabel)}
        name={words.repeatName}
        autoComplete="new-password"
        placeholder={t('register.repeatPlaceholder')}
        value={value.repeat}
        onChange={value.setRepeat}
      />
    </>
  );
}

interface FormSubmitProps {
  /** The call is running: the button spins (and is disabled). */
  loading: boolean;
  children: ReactNode;
  className?: string;
}

/** The account forms' primary button: full width, rounded, spinning while the call runs. */
export function FormSubmit({ loading, children, className = styles.submit }: FormSubmitProps) {
  return (
    <Button
      type="submit"
      color="primary"
      block
      shape="rounded"
      size="large"
      loading={loading}
      className={className}
    >
      {children}
    </Button>
  );
}
