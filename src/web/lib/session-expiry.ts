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

/** The check in flight per client: several 401s at once ask the server once and end the session once. */
const checks = new WeakMap<QueryClient, Promise<void>>();

/**
 * What a 401 to a signed-in user's request means. Usually the session has ended (idle timeout, revoked,
 * account deactivated), but the server also renews the session's token when the user changes their
 * password or an impersonation starts or ends: a request the page sent a moment before the new cookie
 * arrived carries the replaced token and answers 401 although the user is still signed in. So the server is
 * asked once who the browser's cookie names now: nobody → the session is ended as `expireSession` does;
 * a user → the queries are refetched with the renewed cookie and the user stays where they were.
 */
export function handleUnauthorized(client: QueryClient): Promise<void> {
  let check = checks.get(client);
  if (!check) {
    check = stillSignedIn()
      .then((signedIn) => {
        if (cachedUser(client) === null) return;
        if (signedIn) void client.invalidateQueries(undefined, { cancelRefetch: false });
        else expireSession(client);
      })
      .finally(() => checks.delete(client));
    checks.set(client, check);
  }
  return check;
}

async function stillSignedIn(): Promise<boolean> {
  try {
    const res = await fetch(CURRENT_USER_QUERY_KEY[0], { credentials: 'include', cache: 'no-store' });
    return res.ok;
  } catch {
    return false;
  }
}

/** The cached user: undefined before the first answer, null when signed out. */
export function cachedUser(client: QueryClient): unknown {
  return client.getQueryData(CURRENT_USER_QUERY_KEY);
}
