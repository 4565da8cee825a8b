/**
 * Toasts through antd-mobile's Toast, loaded on first use so the first screen does not ship its
 * animation runtime. Shared by screens and the request layer.
 */
const load = () => import('./toast-impl');

export function toast(content: string): void {
  void load().then((m) => m.showToast(content));
}

/** A spinner until the returned closer is called (closing before it appeared cancels it). */
export function showLoadingToast(): () => void {
  let closed = false;
  let close: (() => void) | null = null;
  void load().then((m) => {
    if (closed) return;
    close = m.showSpinner().close;
  });
  return () => {
    closed = true;
    close?.();
  };
}
