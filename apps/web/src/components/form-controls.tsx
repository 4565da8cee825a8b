import { Input } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
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
