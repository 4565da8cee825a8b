import { useEffect, useRef } from 'react';

/**
 * Keyboard behaviour of the open popups, dialogs, sheets and confirms (antd-mobile's handle none
 * of it), as one listener and a stack, so only the topmost acts: Escape closes it, and Tab stays
 * inside it (the page behind is covered; focus wandering there was lost to the user).
 */
interface Layer {
  close: () => void;
  /** The element focus is kept in; none: Escape only. */
  container?: () => HTMLElement | null;
}

const layers: Layer[] = [];
let listening = false;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusablesIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

function onKeyDown(e: KeyboardEvent) {
  const top = layers.at(-1);
  if (!top || e.isComposing) return;
  if (e.key === 'Escape') {
    e.preventDefault();
    top.close();
    return;
  }
  if (e.key !== 'Tab') return;
  const root = top.container?.();
  // A container gone from the page (a dialog unmounted without telling) traps nothing.
  if (!root?.isConnected) return;
  const items = focusablesIn(root);
  const active = document.activeElement;
  if (items.length === 0) {
    e.preventDefault();
    return;
  }
  const first = items[0]!;
  const last = items.at(-1)!;
  // Focus on something that is not a stop (the panel it was given, inside the dialog) counts as
  // outside: Tab goes to the first stop, Shift+Tab to the last, never to the page behind.
  const atStop = active instanceof HTMLElement && items.includes(active);
  if (!atStop || (e.shiftKey && active === first) || (!e.shiftKey && active === last)) {
    e.preventDefault();
    (e.shiftKey ? last : first).focus();
  }
}

/** Registers a layer as the topmost; returns the way to take it off. */
export function pushLayer(layer: Layer): () => void {
  if (!listening) {
    document.addEventListener('keydown', onKeyDown);
    listening = true;
  }
  layers.push(layer);
  return () => {
    const at = layers.lastIndexOf(layer);
    if (at >= 0) layers.splice(at, 1);
  };
}

/** Focus back where it was, or, when that element went (a closed order's row), to `fallback`. */
export function restoreFocus(opener: HTMLElement | null, fallback?: () => HTMLElement | null) {
  const target = opener?.isConnected ? opener : (fallback?.() ?? null);
  target?.focus({ preventScroll: true });
}

/**
 * Keyboard and screen-reader behaviour of a popup while `open`: Escape closes it (`onClose`), Tab
 * stays inside its dialog, focus moves to the element the returned ref is put on (a `tabIndex={-1}`
 * panel, inside or being the `role="dialog"` element; not a text box, which would raise a phone's
 * keyboard), and back to what had focus when it closes (or to `fallback` if that is gone).
 */
export function usePopupFocus<T extends HTMLElement>(
  open: boolean,
  onClose: () => void,
  fallback?: () => HTMLElement | null,
) {
  const panel = useRef<T>(null);
  const close = useRef(onClose);
  close.current = onClose;
  const back = useRef(fallback);
  back.current = fallback;
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const off = pushLayer({
      close: () => close.current(),
      container: () => {
        const el = panel.current;
        return el?.closest<HTMLElement>('[role="dialog"]') ?? el;
      },
    });
    // After the popup's first paint: it renders into the page's end a frame later.
    const frame = requestAnimationFrame(() => panel.current?.focus({ preventScroll: true }));
    return () => {
      off();
      cancelAnimationFrame(frame);
      restoreFocus(opener, back.current);
    };
  }, [open]);
  return panel;
}
