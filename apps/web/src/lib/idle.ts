/**
 * Runs `fn` once the browser is idle, and at the latest after `timeoutMs`; returns a canceller.
 * Where requestIdleCallback is missing (Safari), a short timer stands in.
 */
export function whenIdle(fn: () => void, timeoutMs = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => fn(), { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, Math.min(timeoutMs, 300));
  return () => clearTimeout(id);
}
