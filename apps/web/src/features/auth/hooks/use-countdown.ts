import { useCallback, useEffect, useState } from 'react';

/** Spec §4/§9: after a code is sent, the send button waits 60 s. */
export const RESEND_SECONDS = 60;

/**
 * A seconds countdown: `start(n)` begins at n and ticks down to 0 once a second. Measured against
 * the clock, so a throttled background tab still ends on time.
 */
export function useCountdown(): { remaining: number; start: (seconds?: number) => void } {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [remaining, setRemaining] = useState(0);

  useEffect(() => {
    if (endsAt === null) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) setEndsAt(null);
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((seconds = RESEND_SECONDS) => {
    setRemaining(seconds);
    setEndsAt(Date.now() + seconds * 1000);
  }, []);

  return { remaining, start };
}
