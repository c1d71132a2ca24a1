import { useCallback, useEffect, useState } from 'react';

export const RESEND_SECONDS = 60;

/** Seconds left before a resend is allowed; ticks each second down to 0. */
export function useCountdown(start = RESEND_SECONDS) {
  const [seconds, setSeconds] = useState(start);
  useEffect(() => {
    if (seconds <= 0) return;
    const id = setTimeout(() => setSeconds((s) => Math.max(0, s - 1)), 1000);
    return () => clearTimeout(id);
  }, [seconds]);
  const restart = useCallback(() => setSeconds(start), [start]);
  return { seconds, restart };
}
