import type { QueryClient } from '@tanstack/react-query';
import { CURRENT_USER_QUERY_KEY, SESSION_EXPIRED_EVENT, SESSION_EXPIRED_MESSAGE } from '@shared/constants';

export type SessionExpiredDetail = { message: string };

/**
 * What a 401 in a data call means (spec §4): forget the user, mark every cached query stale, and tell the
 * app through a window event (the toast listens to it, the route guard reacts to the null user).
 */
export function expireSession(client: QueryClient) {
  client.setQueryData(CURRENT_USER_QUERY_KEY, null);
  // Not cancelling in-flight fetches: the query that just got the 401 is one of them, and restarting it
  // would only fetch another 401.
  void client.invalidateQueries(undefined, { cancelRefetch: false });
  window.dispatchEvent(
    new CustomEvent<SessionExpiredDetail>(SESSION_EXPIRED_EVENT, {
      detail: { message: SESSION_EXPIRED_MESSAGE },
    }),
  );
}

/** The cached user: undefined before the first answer, null when signed out. */
export function cachedUser(client: QueryClient): unknown {
  return client.getQueryData(CURRENT_USER_QUERY_KEY);
}
