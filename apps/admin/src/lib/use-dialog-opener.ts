import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Which of a screen's dialogs is open, and focus given back to what had it when the dialog opened
 * (the button that opened it, by keyboard or by click) once it closes: Escape, Cancel, the close
 * icon or a save. antd gives focus back only after its closing animation, which a dialog rendered
 * while open (and gone at once when closed) never plays.
 */
export function useDialogOpener<K extends string>() {
  const [open, setOpen] = useState<K | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [closedAt, setClosedAt] = useState(0);
  useEffect(() => {
    if (closedAt === 0) return;
    const el = opener.current;
    opener.current = null;
    if (el?.isConnected) el.focus();
  }, [closedAt]);
  const show = useCallback((key: K) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpen(key);
  }, []);
  const close = useCallback(() => {
    setOpen(null);
    setClosedAt((n) => n + 1);
  }, []);
  return { open, show, close };
}
