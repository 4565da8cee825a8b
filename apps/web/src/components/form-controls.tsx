import { Input } from 'antd-mobile';
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

interface NewPasswordFieldsProps {
  passwordLabel: ReactNode;
  repeatLabel: ReactNode;
  /** Form field names, as the screen's call names them (`password` / `new_password`, `repeat` / `re_password`). */
  passwordName: string;
  repeatName: string;
  passwordPlaceholder: string;
  password: string;
  onPassword: (value: string) => void;
  repeat: string;
  onRepeat: (value: string) => void;
}

/**
 * A new password and its repeat (register, reset, change): the rules as a hint under the first, both
 * marked `new-password` so a password manager offers to generate and save one.
 */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const ids = { password: useId(), repeat: useId() };
  return (
    <>
      <PasswordField
        id={ids.password}
        label={props.passwordLabel}
        hint={t('register.passwordHint')}
        name={props.passwordName}
        autoComplete="new-password"
        placeholder={props.passwordPlaceholder}
        value={props.password}
        onChange={props.onPassword}
      />
      <PasswordField
        id={ids.repeat}
        label={props.repeatLabel}
        name={props.repeatName}
        autoComplete="new-password"
        placeholder={t('register.repeatPlaceholder')}
        value={props.repeat}
        onChange={props.onRepeat}
      />
    </>
  );
}
