import { preparePlainToast, showPlainToast } from './plain-toast';

/**
 * Toasts through antd-mobile's Toast, loaded off the first screen's path so it does not ship its
 * animation runtime; `preloadToast` fetches it once the app is idle. If it still cannot be loaded
 * (the connection dropped before it ever was), a plain toast shows the message instead: a failed
 * order must never fail silently. Shared by screens and the request layer.
 */
type ToastImpl = typeof import('./toast-impl');
let loading: Promise<ToastImpl> | null = null;

function load(): Promise<ToastImpl> {
  // A failed import is forgotten, so a later toast asks again (whether the browser then fetches it
  // again or answers its cached failure is its own choice; the plain toast covers both).
  loading ??= import('./toast-impl').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Fetches the toast module ahead of its first use (called when the app is idle after start). */
export function preloadToast(): void {
  preparePlainToast();
  load().catch(() => {});
}

export function toast(content: string): void {
  load().then(
    (m) => m.showToast(content),
    () => showPlainToast(content),
  );
}

/** A spinner until the returned closer is called (closing before it appeared cancels it). */
export function showLoadingToast(): () => void {
  let closed = false;
  let close: (() => void) | null = null;
  load().then(
    (m) => {
      if (closed) return;
      close = m.showSpinner().close;
    },
    // Without the module there is no spinner; the request's own answer or error still shows.
    () => {},
  );
  return () => {
    closed = true;
    close?.();
  };
}
