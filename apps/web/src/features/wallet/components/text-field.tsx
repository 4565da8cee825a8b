import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boxDecimal } from '../../../lib/format';
import { amountFromBox } from '../format';
import styles from './wallet.module.css';

interface TextFieldProps {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Stable hook for browser tests, on the input itself. */
  testId: string;
  inputMode?: 'decimal' | 'text';
  multiline?: boolean;
  maxLength?: number;
  suffix?: ReactNode;
  hint?: ReactNode;
  autoComplete?: string;
  /** Shown, not typed in (a value that follows another choice). */
  readOnly?: boolean;
}

/** A labelled input (or textarea) of the wallet forms. */
export function TextField({
  id,
  label,
  value,
  onChange,
  placeholder,
  testId,
  inputMode = 'text',
  multiline = false,
  maxLength,
  suffix,
  hint,
  autoComplete = 'off',
  readOnly = false,
}: TextFieldProps) {
  return (
    <>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.field}>
        {multiline ? (
          <textarea
            id={id}
            className={`${styles.input} ${styles.textarea}`}
            value={value}
            placeholder={placeholder}
            maxLength={maxLength}
            onChange={(e) => onChange(e.target.value)}
            data-testid={testId}
          />
        ) : (
          <input
            id={id}
            className={`${styles.input}${inputMode === 'decimal' ? ' num' : ''}`}
            value={value}
            inputMode={inputMode}
            autoComplete={autoComplete}
            placeholder={placeholder}
            maxLength={maxLength}
            readOnly={readOnly}
            onChange={(e) => onChange(e.target.value)}
            data-testid={testId}
          />
        )}
        {suffix ? <span className={styles.suffix}>{suffix}</span> : null}
      </div>
      {hint ? <p className={styles.hint}>{hint}</p> : null}
    </>
  );
}

/**
 * An amount in USD (deposit, withdrawal), at most two decimals. The box shows what was typed
 * ('1,000', '12,50'); the form gets the amount in the API's form ('1000', '12.50', `amountFromBox`).
 */
export function AmountField(
  props: Pick<TextFieldProps, 'id' | 'label' | 'value' | 'onChange' | 'testId' | 'hint'>,
) {
  const { t } = useTranslation();
  const [raw, setRaw] = useState(() => boxDecimal(props.value));
  // Cleared by its form (after a submit): the box follows; every other value came from the box.
  useEffect(() => {
    if (props.value === '') setRaw('');
  }, [props.value]);
  return (
    <TextField
      {...props}
      value={raw}
      onChange={(v) => {
        const typed = amountFromBox(v);
        if (!typed) return;
        setRaw(typed.raw);
        props.onChange(typed.value);
      }}
      inputMode="decimal"
      placeholder={t('wallet.amountPlaceholder')}
      suffix={t('wallet.usd')}
    />
  );
}
