import { Input, type InputProps } from 'antd';
import { useState } from 'react';

export type WholeNumberValue = number | string | null;

const WHOLE = /^-?\d+$/;

/**
 * What a typed text gives the form: a number when it is a whole number written plainly, nothing
 * when empty, and otherwise the text itself, so the field's rule refuses it ('1.5', '2e3', 'abc').
 */
export function toWholeNumber(text: string): WholeNumberValue {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return WHOLE.test(trimmed) && Number.isSafeInteger(n) ? n : text;
}

/**
 * A box for a whole number that never changes what staff typed: antd's InputNumber with `min` and
 * `precision` rounded '1.5' to 2 and raised '-5' to 1 on blur, so the form saved a value nobody
 * typed. Here the text stays; the form gets `toWholeNumber` of it and its `integer` rule (with `min`
 * and `max`) says what is wrong, and a form that does not validate is not sent. A value set from
 * outside (a reset, the spread kept at a new precision) replaces the text.
 */
export function WholeNumberInput({
  value,
  onChange,
  ...rest
}: Omit<InputProps, 'value' | 'onChange'> & {
  value?: WholeNumberValue | undefined;
  onChange?: (value: WholeNumberValue) => void;
}) {
  const [text, setText] = useState(() => (value == null ? '' : String(value)));
  const current = value ?? null;
  if (!Object.is(toWholeNumber(text), current)) {
    const next = current === null ? '' : String(current);
    if (next !== text) setText(next);
  }
  return (
    <Input
      inputMode="numeric"
      autoComplete="off"
      {...rest}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange?.(toWholeNumber(e.target.value));
      }}
    />
  );
}
