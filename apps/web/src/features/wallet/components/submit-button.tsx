import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import styles from './wallet.module.css';

interface SubmitButtonProps {
  busy: boolean;
  testId: string;
  children: ReactNode;
  /** Without it the button submits its form (type="submit"). */
  onClick?: () => void;
}

/** The wallet forms' one primary action: full width, spinning while the call runs. */
export function SubmitButton({ busy, testId, children, onClick }: SubmitButtonProps) {
  return (
    <Button
      {...(onClick ? { onClick } : { type: 'submit' as const })}
      block
      color="primary"
      shape="rounded"
      size="large"
      loading={busy}
      className={styles.submit}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}
