/** Marks a wait that ran out (`within`). */
export const TIMED_OUT = Symbol('timed out');

/**
 * `promise`'s value, or TIMED_OUT once `ms` have passed first; the timer is always cleared. The
 * promise itself runs on: only the wait for it is bounded.
 */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), Math.max(0, ms));
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
