import { Dialog } from 'antd-mobile';
import type { ReactNode } from 'react';
import { pushLayer, restoreFocus } from './popup-focus';

export interface OpenConfirm {
  /** true when confirmed; false when cancelled, closed or dismissed. */
  result: Promise<boolean>;
  /** Closes the dialog from outside (its subject went away): `result` becomes false. */
  dismiss(): void;
}

/**
 * A confirm dialog its caller can take down. antd-mobile's `Dialog.confirm` can only be answered by
 * the trader, and `Dialog.clear()` closes without settling its promise; a confirm about an order that
 * ended meanwhile (closed on another device, stopped out, filled) must go with the order's popup.
 */
let opened = 0;
/** The dialogs open now, so a navigation can take them down (see dismissOpenConfirms). */
const open = new Set<() => void>();

/**
 * Answers 'no' to every confirm still open: called on navigation, since a dialog about the screen
 * the trader left (Back pressed while it was up) must not stay over the next one.
 */
export function dismissOpenConfirms() {
  for (const dismiss of [...open]) dismiss();
}

export function openConfirm(props: {
  title: ReactNode;
  content: ReactNode;
  confirmText: string;
  cancelText: string;
  /** A tap beside the dialog answers no (for a dialog that only offers something). */
  closeOnMaskClick?: boolean;
  /** Where focus goes after it closes when nothing had focus before (a dialog that opened itself). */
  focusAfter?: () => HTMLElement | null;
}): OpenConfirm {
  let settle!: (ok: boolean) => void;
  const result = new Promise<boolean>((resolve) => {
    settle = resolve;
  });
  const dismiss = () => {
    close();
    settle(false);
  };
  open.add(dismiss);
  void result.then(() => open.delete(dismiss));
  // Closed while it is still opening, antd-mobile's dialog never unmounts (it stays in the page,
  // transparent, its buttons still focusable): a close asked that early waits for the opening.
  let shown = false;
  let closeAsked = false;
  const close = () => {
    if (shown) void handler.close();
    else closeAsked = true;
  };
  // Escape answers 'no', as Cancel does; Tab stays in the dialog; focus goes back to what opened it.
  const active = document.activeElement;
  const opener = active instanceof HTMLElement && active !== document.body ? active : null;
  let root: HTMLElement | null = null;
  // Its own mark, so the dialog found is this one when two are open (a double tap) or another is.
  const mark = `meridian-confirm-${++opened}`;
  const off = pushLayer({
    close: () => {
      close();
      settle(false);
    },
    container: () => root,
  });
  // Off the stack when the dialog is gone, not when it is answered: a close asked while it opens
  // leaves it on screen a moment, and a second Escape must not reach the popup under it.
  const gone = () => {
    off();
    restoreFocus(opener, props.focusAfter);
  };
  const handler = Dialog.show({
    title: props.title,
    content: props.content,
    closeOnAction: true,
    closeOnMaskClick: props.closeOnMaskClick ?? false,
    className: mark,
    afterClose: gone,
    // Named for screen readers (antd-mobile's dialog has a role but no name of its own).
    'aria-label': typeof props.title === 'string' ? props.title : undefined,
    afterShow: () => {
      shown = true;
      if (closeAsked) {
        void handler.close();
        return;
      }
      // Focus on Cancel, the answer that changes nothing.
      root = document.querySelector<HTMLElement>(`.${mark} [role="dialog"]`);
      root?.querySelector<HTMLElement>('.adm-dialog-button')?.focus({ preventScroll: true });
    },
    onClose: () => settle(false),
    actions: [
      [
        { key: 'cancel', text: props.cancelText, onClick: () => settle(false) },
        { key: 'confirm', text: props.confirmText, bold: true, onClick: () => settle(true) },
      ],
    ],
  });
  return { result, dismiss };
}
