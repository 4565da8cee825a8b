import { useEffect, useRef } from 'react';

/**
 * Escape closes the topmost open popup, dialog or picker (antd-mobile's handle none of it): one
 * listener and a stack, so Escape in the TP/SL dialog closes the dialog, not the order popup under it.
 */
const closers: Array<() => void> = [];
let listening = false;

function onKeyDown(e: KeyboardEvent) {
  const close = closers.at(-1);
  if (e.key !== 'Escape' || !close || e.isComposing) return;
  e.preventDefault();
  close();
}

/** Registers `close` as the topmost; returns the way to take it off. */
export function closeOnEscape(close: () => void): () => void {
  if (!listening) {
    document.addEventListener('keydown', onKeyDown);
    listening = true;
  }
  closers.push(close);
  return () => {
    const at = closers.lastIndexOf(close);
    if (at >= 0) closers.splice(at, 1);
  };
}

/**
 * Keyboard and screen-reader behaviour of a popup while `open`: Escape closes it (`onClose`), focus
 * moves to the panel the returned ref is put on (a `tabIndex={-1}` element with `role="dialog"`; not
 * a text box, which would raise a phone's keyboard), and back to what had focus when it closes.
 */
export function usePopupFocus<T extends HTMLElement>(open: boolean, onClose: () => void) {
  const panel = useRef<T>(null);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const off = closeOnEscape(() => close.current());
    // After the popup's first paint: it renders into the page's end a frame later.
    const frame = requestAnimationFrame(() => panel.current?.focus({ preventScroll: true }));
    return () => {
      off();
      cancelAnimationFrame(frame);
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [open]);
  return panel;
}
