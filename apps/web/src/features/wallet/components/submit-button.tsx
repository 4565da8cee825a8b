import { Button, type ButtonRef } from 'antd-mobile';
import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import styles from './wallet.module.css';

interface SubmitButtonProps {
  busy: boolean;
  testId: string;
  children: ReactNode;
  /** Without it the button submits its form (type="submit"). A returned promise is the call. */
  onClick?: () => unknown;
}

/**
 * The wallet forms' one primary action: full width, spinning while the call runs. A spinning button
 * is disabled, which drops keyboard focus to the page; focus comes back to it when the call ends
 * (a refused request leaves the trader where they were, not at the top of the page).
 */
export function SubmitButton({ busy, testId, children, onClick }: SubmitButtonProps) {
  const ref = useRef<ButtonRef>(null);
  const hadFocus = useRef(false);
  // Whether the button had focus when pressed: the spinner comes with the mutation's next
  // notification, a moment after the press, and focus may have gone by then.
  const focusedAtPress = useRef(false);
  const renderedBusy = useRef(busy);
  renderedBusy.current = busy;
  const restoreFocus = () => focusIfNowhere(ref.current?.nativeElement);
  // Before the browser moves focus off the now-disabled button.
  useLayoutEffect(() => {
    if (busy)
      hadFocus.current = focusedAtPress.current || document.activeElement === ref.current?.nativeElement;
    focusedAtPress.current = false;
  }, [busy]);
  useEffect(() => {
    if (busy || !hadFocus.current) return;
    hadFocus.current = false;
    focusIfNowhere(ref.current?.nativeElement);
  }, [busy]);
  return (
    <Button
      ref={ref}
      onClick={async () => {
        const focused = document.activeElement === ref.current?.nativeElement;
        focusedAtPress.current = focused;
        await onClick?.();
        // A quick call's two notifications (pending, then done) can land in one render: the spinner
        // never showed and the effect above never ran, so focus comes back here. While the spinner
        // still shows, the effect restores it once the button is enabled again.
        if (focused && !renderedBusy.current) restoreFocus();
      }}
      type={onClick ? 'button' : 'submit'}
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

/** Focuses the button only when focus went nowhere (not if the trader moved on, or a dialog took it). */
function focusIfNowhere(button: HTMLButtonElement | null | undefined) {
  const active = document.activeElement;
  if (active === null || active === document.body) button?.focus();
}
