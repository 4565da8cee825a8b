import type { ReactNode } from 'react';
import type { DecimalLimits } from '../../../lib/decimal-input';
import { boxDecimal } from '../../../lib/format';
import { acceptBox } from '../format';
import styles from './copy-trading.module.css';

interface DecimalFieldProps {
  id: string;
  label: ReactNode;
  /** The value in the API's form ('1000.5'); the box shows it with the language's decimal mark. */
  value: string;
  onChange: (value: string) => void;
  limits: DecimalLimits;
  placeholder?: string;
  suffix?: ReactNode;
  hint?: ReactNode;
  testId: string;
}

/**
 * A labelled decimal box (an amount, a multiplier, lots): what is typed is taken only when it is a
 * number as written (`acceptDecimalInput`), never silently turned into another one.
 */
export function DecimalField({
  id,
  label,
  value,
  onChange,
  limits,
  placeholder,
  suffix,
  hint,
  testId,
}: DecimalFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={styles.formRow}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.field}>
        <input
          id={id}
          className={`${styles.input} num`}
          inputMode="decimal"
          autoComplete="off"
          value={boxDecimal(value)}
          placeholder={placeholder}
          aria-describedby={hintId}
          onChange={(e) => onChange(acceptBox(e.target.value, value, limits))}
          data-testid={testId}
        />
        {suffix ? <span className={styles.suffix}>{suffix}</span> : null}
      </div>
      {hint ? (
        <p className={styles.hint} id={hintId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

interface TextFieldProps {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  maxLength: number;
  multiline?: boolean;
  testId: string;
}

/** A labelled text box or text area. */
export function TextField({
  id,
  label,
  value,
  onChange,
  placeholder,
  maxLength,
  multiline,
  testId,
}: TextFieldProps) {
  return (
    <div className={styles.formRow}>
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
            className={styles.input}
            value={value}
            autoComplete="off"
            placeholder={placeholder}
            maxLength={maxLength}
            onChange={(e) => onChange(e.target.value)}
            data-testid={testId}
          />
        )}
      </div>
    </div>
  );
}

export interface Choice<V extends number | string> {
  value: V;
  label: string;
}

/** One choice among a few, as a row of toggle chips (the pressed one is chosen). */
export function ChoiceChips<V extends number | string>({
  legend,
  choices,
  value,
  onChange,
  testId,
}: {
  legend: string;
  choices: ReadonlyArray<Choice<V>>;
  value: V;
  onChange: (value: V) => void;
  testId: string;
}) {
  return (
    <fieldset className={styles.chipsGroup} data-testid={testId}>
      <legend className={styles.label}>{legend}</legend>
      <div className={styles.chips}>
        {choices.map((c) => (
          <button
            key={c.value}
            type="button"
            aria-pressed={c.value === value}
            className={c.value === value ? `${styles.chip} ${styles.chipActive}` : styles.chip}
            onClick={() => onChange(c.value)}
            data-testid={`${testId}-${c.value}`}
          >
            {c.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** A yes/no setting as a native switch (a checkbox with the switch role: keyboard and screen readers for free). */
export function SwitchField({
  id,
  label,
  hint,
  checked,
  onChange,
  testId,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={styles.formRow}>
      <div className={styles.switchRow}>
        <label htmlFor={id} className={styles.switchLabel}>
          {label}
        </label>
        <input
          id={id}
          type="checkbox"
          role="switch"
          className={styles.switch}
          checked={checked}
          aria-checked={checked}
          aria-describedby={hintId}
          onChange={(e) => onChange(e.target.checked)}
          data-testid={testId}
        />
      </div>
      {hint ? (
        <p className={styles.hint} id={hintId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
