import { Typography } from 'antd';
import { groupDecimal, signOf } from '../lib/format';

/** A decimal amount, grouped; `signed` colours it (profit green, loss red). */
export function Amount({ value, signed = false }: { value: string | null | undefined; signed?: boolean }) {
  const text = groupDecimal(value);
  if (!signed) return <span className="num">{text}</span>;
  const sign = signOf(value);
  return (
    <Typography.Text className="num" type={sign > 0 ? 'success' : sign < 0 ? 'danger' : undefined}>
      {text}
    </Typography.Text>
  );
}
