import { useCallback, useRef } from 'react';

/**
 * Runs one action at a time: while the returned function's previous call is still running (its
 * confirm dialog open, its request in flight) a new call does nothing. A ref, not state: a double
 * tap lands both clicks before React re-renders.
 */
export function useSingleFlight<A extends unknown[]>(
  action: (...args: A) => Promise<void>,
): (...args: A) => Promise<void> {
  const running = useRef(false);
  const latest = useRef(action);
  latest.current = action;
  return useCallback(async (...args: A) => {
    if (running.current) return;
    running.current = true;
    try {
      await latest.current(...args);
    } finally {
      running.current = false;
    }
  }, []);
}
