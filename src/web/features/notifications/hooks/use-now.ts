import { useEffect, useState } from 'react';

const MINUTE = 60 * 1000;

/**
 * The current time, refreshed every `intervalMs`. The notification list only re-renders when it changes
 * (an unchanged poll is a 304), so "just now" would otherwise stay "just now" for hours.
 */
export function useNow(intervalMs: number = MINUTE): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
