import { useEffect, useState } from 'react';

const MINUTE = 60 * 1000;

/**
 * The current time, refreshed every `intervalMs` (a minute), so "just now" becomes "5 minutes ago" while the page
 * stays open, even where nothing else re-renders (an unchanged notification poll is a 304).
 */
export function useNow(intervalMs: number = MINUTE): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
