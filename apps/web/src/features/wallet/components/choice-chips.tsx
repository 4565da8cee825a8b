import styles from './wallet.module.css';

export interface Choice<V extends number | string> {
  value: V;
  label: string;
}

interface ChoiceChipsProps<V extends number | string> {
  /** Labels the group (the visible label's id). */
  labelledBy: string;
  choices: ReadonlyArray<Choice<V>>;
  value: V | null;
  onChange: (value: V) => void;
  /** Each chip is `${testId}-${value}`. */
  testId: string;
}

/** A single choice among a few options, as a row of toggle chips (the pressed one is chosen). */
export function ChoiceChips<V extends number | string>({
  labelledBy,
  choices,
  value,
  onChange,
  testId,
}: ChoiceChipsProps<V>) {
  return (
    <fieldset className={styles.chips} aria-labelledby={labelledBy} data-testid={testId}>
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
    </fieldset>
  );
}
