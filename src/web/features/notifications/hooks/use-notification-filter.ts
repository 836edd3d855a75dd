import { listNotificationsQuerySchema } from '@shared/notifications';

import { useUrlFilters } from '../../../components/data-list';
import type { NotificationFilter } from '../api/get-notification-feed';

const notificationFilterSchema = listNotificationsQuerySchema.pick({ filter: true });

function withoutDefault(params: URLSearchParams) {
  if (params.get('filter') === 'all') params.delete('filter');
  return params;
}

const OPTIONS = { positionKeys: [], tidy: withoutDefault, pushHistory: true };

/**
 * The /notifications filter lives in the address (`/notifications?filter=unread`), so it survives a reload
 * and Back returns to the previous tab. "All" is the default and leaves the address clean.
 */
export function useNotificationFilter() {
  const { filter, setFilter } = useUrlFilters(notificationFilterSchema, OPTIONS);
  return {
    filter: filter.filter as NotificationFilter,
    setFilter: (next: NotificationFilter) => setFilter({ filter: next }),
  };
}
