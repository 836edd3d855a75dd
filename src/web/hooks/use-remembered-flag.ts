import { useCallback, useState } from 'react';

function read(storageKey: string, fallback: boolean): boolean {
  try {
    const stored = window.localStorage.getItem(storageKey);
    return stored === null ? fallback : stored === 'true';
  } catch {
    return fallback; // storage can be disabled: things start as they would anyway
  }
}

/**
 * A yes/no preference of this browser only (like the sidebar's), stored under `storageKey`; `fallback` until
 * the person chooses. A key that names the user keeps each person's choice on a shared computer.
 */
export function useRememberedFlag(storageKey: string, fallback: boolean) {
  const [value, setValueState] = useState(() => read(storageKey, fallback));
  const setValue = useCallback(
    (next: boolean) => {
      setValueState(next);
      try {
        window.localStorage.setItem(storageKey, String(next));
      } catch {
        // Not remembered across visits; the choice still holds on this page.
      }
    },
    [storageKey],
  );
  return [value, setValue] as const;
}
