import { Dialog } from 'antd-mobile';
import type { ReactNode } from 'react';
import { closeOnEscape } from './popup-focus';

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
export function openConfirm(props: {
  title: ReactNode;
  content: ReactNode;
  confirmText: string;
  cancelText: string;
}): OpenConfirm {
  let settle!: (ok: boolean) => void;
  const result = new Promise<boolean>((resolve) => {
    settle = resolve;
  });
  // Closed while it is still opening, antd-mobile's dialog never unmounts (it stays in the page,
  // transparent, its buttons still focusable): a close asked that early waits for the opening.
  let shown = false;
  let closeAsked = false;
  const close = () => {
    if (shown) void handler.close();
    else closeAsked = true;
  };
  // Escape answers 'no', as Cancel does; taken off the Escape stack however it is answered.
  const off = closeOnEscape(() => {
    close();
    settle(false);
  });
  void result.then(off);
  const handler = Dialog.show({
    title: props.title,
    content: props.content,
    closeOnAction: true,
    afterShow: () => {
      shown = true;
      if (closeAsked) void handler.close();
    },
    onClose: () => settle(false),
    actions: [
      [
        { key: 'cancel', text: props.cancelText, onClick: () => settle(false) },
        { key: 'confirm', text: props.confirmText, bold: true, onClick: () => settle(true) },
      ],
    ],
  });
  return {
    result,
    dismiss() {
      close();
      settle(false);
    },
  };
}
