import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import { CURRENT_USER_QUERY_KEY, SESSION_EXPIRED_EVENT } from '@shared/constants';
import { captureWindowEvents, jsonResponse, stubFetch } from '../test/fetch-stub';
import {
  ApiError,
  apiRequest,
  bindSessionQueryClient,
  getQueryFn,
  getRevalidatingQueryFn,
  NetworkError,
} from './api-client';
import { createQueryClient } from './query-client';
import type { SessionExpiredDetail } from './session-expiry';

const signedInUser = { id: '7c6f2a0e-6a55-4a4b-9d55-8f0f7f1f6f01', username: 'dana', firstName: 'Dana' };

let client: QueryClient;
let events: ReturnType<typeof captureWindowEvents<SessionExpiredDetail>>;

beforeEach(() => {
  client = createQueryClient();
  bindSessionQueryClient(client);
  events = captureWindowEvents<SessionExpiredDetail>(SESSION_EXPIRED_EVENT);
});

afterEach(() => {
  events.stop();
  bindSessionQueryClient(undefined);
  client.clear();
  vi.unstubAllGlobals();
});

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('apiRequest', () => {
  it('sends a body as JSON with a JSON content type', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ ok: true }));
    await apiRequest('POST', '/api/login', { username: 'dana', password: 'pw' });
    expect(fetchMock).toHaveBeenCalledWith('/api/login', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"username":"dana","password":"pw"}',
    });
  });

  it('sends neither a content type nor a body when there is no data', async () => {
    const fetchMock = stubFetch(() => new Response(null, { status: 204 }));
    await apiRequest('POST', '/api/logout');
    expect(fetchMock).toHaveBeenCalledWith('/api/logout', { method: 'POST', credentials: 'include' });
  });

  it('always includes credentials', async () => {
    const fetchMock = stubFetch(() => jsonResponse([]));
    await apiRequest('GET', '/api/notifications');
    await apiRequest('PUT', '/api/notifications/1/read', {});
    for (const [, init] of fetchMock.mock.calls) expect(init?.credentials).toBe('include');
  });

  it('returns the response of a successful call', async () => {
    stubFetch(() => jsonResponse({ username: 'dana' }));
    const res = await apiRequest('GET', '/api/user');
    await expect(res.json()).resolves.toEqual({ username: 'dana' });
  });

  it("uses the server's message as the error message and keeps the status", async () => {
    stubFetch(() => jsonResponse({ message: 'That claim was changed by someone else' }, { status: 409 }));
    const error = await caught(apiRequest('PATCH', '/api/vehicles/1', {}));
    expect(error.message).toBe('That claim was changed by someone else');
    expect(error.status).toBe(409);
  });

  it('falls back to the status text when the body has no message', async () => {
    stubFetch(() => new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const error = await caught(apiRequest('GET', '/api/vehicles'));
    expect(error.message).toBe('Bad Gateway');
    expect(error.status).toBe(502);
  });

  it('falls back to "Request failed with status {code}" without message or status text', async () => {
    stubFetch(() => new Response(null, { status: 503, statusText: '' }));
    const error = await caught(apiRequest('GET', '/api/vehicles'));
    expect(error.message).toBe('Request failed with status 503');
  });

  it("carries the server's field errors and code", async () => {
    const fieldErrors = { username: ['Username is required'] };
    stubFetch(() =>
      jsonResponse({ message: 'Username is required', code: 'validation', fieldErrors }, { status: 400 }),
    );
    const error = await caught(apiRequest('POST', '/api/login', { username: '' }));
    expect(error.fieldErrors).toEqual(fieldErrors);
    expect(error.code).toBe('validation');
  });

  it('ends the session on a 401 while a user is signed in', async () => {
    client.setQueryData(CURRENT_USER_QUERY_KEY, signedInUser);
    client.setQueryData(['/api/vehicles'], []);
    stubFetch(() => jsonResponse({ message: 'Not signed in' }, { status: 401 }));

    const error = await caught(apiRequest('POST', '/api/vehicles', {}));

    expect(error.status).toBe(401);
    expect(client.getQueryData(CURRENT_USER_QUERY_KEY)).toBeNull();
    expect(client.getQueryState(['/api/vehicles'])?.isInvalidated).toBe(true);
    expect(events.details).toEqual([{ message: 'Session expired. Please log in again.' }]);
  });

  it('does not raise session expiry for a 401 when nobody is signed in (a wrong password)', async () => {
    client.setQueryData(CURRENT_USER_QUERY_KEY, null);
    client.setQueryData(['/api/vehicles'], []);
    stubFetch(() => jsonResponse({ message: 'Invalid username or password' }, { status: 401 }));

    const error = await caught(apiRequest('POST', '/api/login', { username: 'dana', password: 'nope' }));

    expect(error.message).toBe('Invalid username or password');
    expect(events.details).toEqual([]);
    expect(client.getQueryState(['/api/vehicles'])?.isInvalidated).toBe(false);
  });
});

describe('getQueryFn', () => {
  it("GETs the URL made by joining the query key with '/' and includes credentials", async () => {
    const fetchMock = stubFetch(() => jsonResponse({ id: 42 }));
    const data = await client.fetchQuery({
      queryKey: ['/api/vehicles', 42],
      queryFn: getQueryFn<{ id: number }>({ on401: 'throw' }),
    });
    expect(data).toEqual({ id: 42 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/vehicles/42');
    expect(init?.credentials).toBe('include');
    expect(init?.method ?? 'GET').toBe('GET');
  });

  it("gives null for a 401 in 'returnNull' mode, without ending any session", async () => {
    stubFetch(() => jsonResponse({ message: 'Not signed in' }, { status: 401 }));
    const user = await client.fetchQuery({
      queryKey: CURRENT_USER_QUERY_KEY,
      queryFn: getQueryFn({ on401: 'returnNull' }),
    });
    expect(user).toBeNull();
    expect(events.details).toEqual([]);
  });

  it("ends the session and throws on a 401 in 'throw' mode", async () => {
    client.setQueryData(CURRENT_USER_QUERY_KEY, signedInUser);
    client.setQueryData(['/api/companies'], []);
    stubFetch(() => jsonResponse({ message: 'Not signed in' }, { status: 401 }));

    const error = await caught(
      client.fetchQuery({ queryKey: ['/api/notifications'], queryFn: getQueryFn({ on401: 'throw' }) }),
    );

    expect(error.status).toBe(401);
    expect(client.getQueryData(CURRENT_USER_QUERY_KEY)).toBeNull();
    expect(client.getQueryState(['/api/companies'])?.isInvalidated).toBe(true);
    expect(events.details).toEqual([{ message: 'Session expired. Please log in again.' }]);
  });

  it('raises session expiry once when several queries get a 401 after the session ended', async () => {
    client.setQueryData(CURRENT_USER_QUERY_KEY, signedInUser);
    stubFetch(() => jsonResponse({ message: 'Not signed in' }, { status: 401 }));
    const queryFn = getQueryFn({ on401: 'throw' });

    await caught(client.fetchQuery({ queryKey: ['/api/notifications'], queryFn }));
    await caught(client.fetchQuery({ queryKey: ['/api/user/companies'], queryFn }));

    expect(events.details).toHaveLength(1);
  });

  it('keeps the user signed in when the 401 answered a request sent with a token the server has just renewed', async () => {
    // A password change renews the session's token; a poll sent a moment before the new cookie arrived
    // carries the old one. The server still knows the browser's (new) cookie, so nobody is signed out.
    client.setQueryData(CURRENT_USER_QUERY_KEY, signedInUser);
    client.setQueryData(['/api/companies'], []);
    const fetchMock = stubFetch((url) =>
      url === '/api/user'
        ? jsonResponse(signedInUser)
        : jsonResponse({ message: 'Not signed in' }, { status: 401 }),
    );
    const queryFn = getQueryFn({ on401: 'throw' });

    await Promise.all([
      caught(client.fetchQuery({ queryKey: ['/api/notifications'], queryFn })),
      caught(client.fetchQuery({ queryKey: ['/api/user/companies'], queryFn })),
    ]);

    expect(client.getQueryData(CURRENT_USER_QUERY_KEY)).toEqual(signedInUser);
    expect(events.details).toEqual([]);
    expect(client.getQueryState(['/api/companies'])?.isInvalidated).toBe(true);
    // Two 401s at once ask the server who is signed in once.
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/user')).toHaveLength(1);
  });

  it('throws other errors with their status and leaves the session alone', async () => {
    client.setQueryData(CURRENT_USER_QUERY_KEY, signedInUser);
    stubFetch(() => jsonResponse({ message: 'No such claim' }, { status: 404 }));

    const error = await caught(
      client.fetchQuery({ queryKey: ['/api/vehicles', 'x'], queryFn: getQueryFn({ on401: 'throw' }) }),
    );

    expect(error).toMatchObject({ status: 404, message: 'No such claim' });
    expect(client.getQueryData(CURRENT_USER_QUERY_KEY)).toEqual(signedInUser);
    expect(events.details).toEqual([]);
  });
});

describe('getRevalidatingQueryFn', () => {
  const key = ['/api/notifications'];
  const ifNoneMatch = (init: RequestInit | undefined) => new Headers(init?.headers).get('If-None-Match');

  it('GETs the joined key past the browser cache, then revalidates with the ETag and keeps the data on 304', async () => {
    client.setQueryData(CURRENT_USER_QUERY_KEY, signedInUser);
    const fetchMock = stubFetch((_url, init) =>
      ifNoneMatch(init) === 'W/"n1"'
        ? new Response(null, { status: 304 })
        : jsonResponse([{ id: 'a' }], { headers: { ETag: 'W/"n1"' } }),
    );
    const queryFn = getRevalidatingQueryFn<{ id: string }[]>();

    const first = await client.fetchQuery({ queryKey: key, queryFn });
    const second = await client.fetchQuery({ queryKey: key, queryFn, staleTime: 0 });

    expect(second).toBe(first);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/notifications', '/api/notifications']);
    expect(fetchMock.mock.calls.map(([, init]) => init?.cache)).toEqual(['no-store', 'no-store']);
    expect(fetchMock.mock.calls.map(([, init]) => ifNoneMatch(init))).toEqual([null, 'W/"n1"']);
  });

  it('forgets the ETag with the cached data', async () => {
    const fetchMock = stubFetch(() => jsonResponse([], { headers: { ETag: 'W/"n1"' } }));
    const queryFn = getRevalidatingQueryFn<unknown[]>();
    await client.fetchQuery({ queryKey: key, queryFn });
    client.removeQueries({ queryKey: key });

    await client.fetchQuery({ queryKey: key, queryFn });

    expect(ifNoneMatch(fetchMock.mock.calls[1]![1])).toBeNull();
  });

  it('ends the session on a 401 like the default loader', async () => {
    client.setQueryData(CURRENT_USER_QUERY_KEY, signedInUser);
    stubFetch(() => jsonResponse({ message: 'Not signed in' }, { status: 401 }));

    const error = await caught(client.fetchQuery({ queryKey: key, queryFn: getRevalidatingQueryFn() }));

    expect(error.status).toBe(401);
    expect(client.getQueryData(CURRENT_USER_QUERY_KEY)).toBeNull();
    expect(events.details).toEqual([{ message: 'Session expired. Please log in again.' }]);
  });
});

describe('when the server cannot be reached', () => {
  it('apiRequest throws a NetworkError with a message a user can act on', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await apiRequest('POST', '/api/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe(
      'Cannot reach FleetClaims right now. Check your connection and try again.',
    );
  });

  it('a query fails with the same NetworkError and leaves the session alone', async () => {
    client.setQueryData(CURRENT_USER_QUERY_KEY, signedInUser);
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await client
      .fetchQuery({ queryKey: ['/api/vehicles'], queryFn: getQueryFn({ on401: 'throw' }) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(events.details).toEqual([]);
  });
});
