import { useCallback } from 'react';
import { useSearchParams } from 'wouter';

import type { NotificationFilter } from '../api/get-notification-feed';

/**
 * The /notifications filter lives in the address (`/notifications?filter=unread`), so it survives a reload
 * and Back returns to the previous tab. "All" is the default and leaves the address clean.
 */
export function useNotificationFilter() {
  const [params, setParams] = useSearchParams();
  const filter: NotificationFilter = params.get('filter') === 'unread' ? 'unread' : 'all';

  const setFilter = useCallback(
    (next: NotificationFilter) =>
      setParams((previous) => {
        const updated = new URLSearchParams(previous);
        if (next === 'all') updated.delete('filter');
        else updated.set('filter', next);
        return updated;
      }),
    [setParams],
  );

  return { filter, setFilter };
}
