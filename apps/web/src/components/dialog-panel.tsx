import type { ReactNode, Ref } from 'react';

interface DialogPanelProps {
  ref: Ref<HTMLDivElement>;
  /** The id of the heading that names it (or `label`). */
  labelledBy?: string;
  label?: string;
  /**
   * Whether screen readers leave the page behind out; not for a popup whose own dialogs open
   * outside it (they would be left out with the page).
   */
  modal?: boolean;
  className?: string;
  testId?: string;
  children: ReactNode;
}

/** A popup's content as one named dialog, and the focus target of `usePopupFocus` (lib/popup-focus.ts). */
export function DialogPanel({
  ref,
  labelledBy,
  label,
  modal = true,
  className,
  testId,
  children,
}: DialogPanelProps) {
  return (
    <div
      ref={ref}
      role="dialog"
      aria-modal={modal ? true : undefined}
      aria-labelledby={labelledBy}
      aria-label={label}
      tabIndex={-1}
      className={className}
      data-testid={testId}
    >
      {children}
    </div>
  );
}
