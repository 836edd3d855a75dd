import type { QueryClient, QueryFunction } from '@tanstack/react-query';
import { apiErrorFromResponse, NetworkError } from './api-error';
import { cachedUser, expireSession } from './session-expiry';

export { ApiError, NetworkError } from './api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * The client whose cached user decides whether a 401 from `apiRequest` is an expired session. Mutations
 * call `apiRequest` without a query context, so the app binds its client once (see query-client.ts).
 */
let sessionClient: QueryClient | undefined;

export function bindSessionQueryClient(client: QueryClient | undefined) {
  sessionClient = client;
}

/** fetch, with a failure to connect turned into a message a user can act on ("Failed to fetch" is not). */
async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    throw new NetworkError();
  }
}

/**
 * Sends a request to the API (spec §7): JSON with its content type only when there is a body, cookies
 * always. Any non-OK answer throws an `ApiError`. A 401 counts as an expired session only while someone is
 * signed in: a wrong password at login also answers 401 and must not say "session expired".
 */
export async function apiRequest(method: HttpMethod, url: string, data?: unknown): Promise<Response> {
  const hasBody = data !== undefined;
  const res = await send(url, {
    method,
    credentials: 'include',
    ...(hasBody ? { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(data) } : {}),
  });
  if (res.ok) return res;
  if (res.status === 401 && sessionClient && cachedUser(sessionClient) != null) expireSession(sessionClient);
  throw await apiErrorFromResponse(res);
}

/**
 * The default data loader (spec §7): GETs the URL made by joining the query key with '/'. In 'returnNull'
 * mode a 401 means "signed out" and gives null; in 'throw' mode it ends the session and throws.
 */
export function getQueryFn<T>(options: { on401: 'returnNull' }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: 'throw' }): QueryFunction<T>;
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal, client }) => {
    const res = await send(queryKey.join('/'), { credentials: 'include', signal });
    if (res.status === 401) {
      if (on401 === 'returnNull') return null;
      // Once the user is already null the session has been ended; ending it again would raise a second
      // toast and re-invalidate queries that then 401 again, ping-ponging until the page unmounts.
      if (cachedUser(client) !== null) expireSession(client);
    }
    if (!res.ok) throw await apiErrorFromResponse(res);
    return (await res.json()) as T;
  };
}
