import type { Query, QueryClient, QueryFunction } from '@tanstack/react-query';
import { apiErrorFromResponse, NetworkError, type ApiError } from './api-error';
import { cachedUser, handleUnauthorized } from './session-expiry';

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
export async function apiRequest(
  method: HttpMethod,
  url: string,
  data?: unknown,
  /**
   * For a query's GET: its abort signal, and `cache: 'no-store'` for answers the browser must not reuse. For a
   * creating POST: the submission's `idempotencyKey` (useSubmissionKey), sent as the `Idempotency-Key` header.
   */
  { idempotencyKey, ...options }: Pick<RequestInit, 'signal' | 'cache'> & { idempotencyKey?: string } = {},
): Promise<Response> {
  const hasBody = data !== undefined;
  const headers: Record<string, string> = {
    ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
    ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
  };
  const res = await send(url, {
    method,
    credentials: 'include',
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(hasBody ? { body: JSON.stringify(data) } : {}),
    ...options,
  });
  if (res.ok) return res;
  if (res.status === 401 && sessionClient && cachedUser(sessionClient) != null) {
    await handleUnauthorized(sessionClient);
  }
  throw await apiErrorFromResponse(res);
}

/**
 * POSTs a multipart form as `apiRequest` would (cookies, same errors, same 401 rule), through
 * XMLHttpRequest rather than fetch: only it reports upload progress. `onProgress` gets the share sent so far
 * (0 to 1); aborting the signal cancels the upload with an AbortError.
 */
export function uploadWithProgress(
  url: string,
  body: FormData,
  { onProgress, signal }: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<Response> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('The upload was cancelled', 'AbortError'));
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      const res = new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText });
      if (res.ok) {
        onProgress?.(1);
        return resolve(res);
      }
      const checked =
        res.status === 401 && sessionClient && cachedUser(sessionClient) != null
          ? handleUnauthorized(sessionClient)
          : Promise.resolve();
      void checked.then(() => apiErrorFromResponse(res)).then(reject, reject);
    });
    xhr.addEventListener('error', () => reject(new NetworkError()));
    xhr.addEventListener('abort', () =>
      reject(
        signal?.aborted ? new DOMException('The upload was cancelled', 'AbortError') : new NetworkError(),
      ),
    );
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
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
    if (res.status === 401 && on401 === 'returnNull') {
      // Read, though unused: an answer whose body nobody reads stays open in the browser (no-store keeps it
      // out of the cache too), and the page never looks finished to anything that waits for its requests.
      await res.text();
      return null;
    }
    if (!res.ok) throw await failedQueryError(res, client);
    return (await res.json()) as T;
  };
}

/** The error of a non-OK answer to a `'throw'` query; a 401 first checks whether the session ended. */
async function failedQueryError(res: Response, client: QueryClient): Promise<ApiError> {
  // Once the user is already null the session has been ended; ending it again would raise a second toast
  // and re-invalidate queries that then 401 again, ping-ponging until the page unmounts.
  if (res.status === 401 && cachedUser(client) !== null) await handleUnauthorized(client);
  return apiErrorFromResponse(res);
}

/** The ETag of each query's last full answer, kept with the query: a removed query forgets its ETag. */
const etags = new WeakMap<Query, string>();

/**
 * The default loader in `'throw'` mode (same URL from the key, same 401 rule), for endpoints that answer
 * with an ETag, such as the polled notification list: it sends the last answer's ETag as If-None-Match,
 * and on a 304 the query keeps its cached data (with any optimistic change made since) instead of
 * downloading and re-rendering the same list. The browser's HTTP cache is bypassed: it is shared by every
 * user of the browser, and the revalidation is done here, per cached query.
 */
export function getRevalidatingQueryFn<T>(): QueryFunction<T> {
  return async ({ queryKey, signal, client }) => {
    const query = client.getQueryCache().find({ queryKey, exact: true });
    const cached = client.getQueryData<T>(queryKey);
    const etag = query && cached !== undefined ? etags.get(query) : undefined;
    const res = await send(queryKey.join('/'), {
      credentials: 'include',
      signal,
      cache: 'no-store',
      ...(etag ? { headers: { 'If-None-Match': etag } } : {}),
    });
    if (res.status === 304 && cached !== undefined) return cached;
    if (!res.ok) throw await failedQueryError(res, client);
    const data = (await res.json()) as T;
    const nextEtag = res.headers.get('ETag');
    if (query && nextEtag) etags.set(query, nextEtag);
    else if (query) etags.delete(query);
    return data;
  };
}
