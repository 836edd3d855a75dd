import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { CURRENT_USER_QUERY_KEY, SESSION_EXPIRED_EVENT } from '@shared/constants';
import { captureWindowEvents, jsonResponse, stubFetch } from '../test/fetch-stub';
import { apiRequest } from './api-client';
import { createQueryClient, queryClient } from './query-client';

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('createQueryClient', () => {
  const defaults = createQueryClient().getDefaultOptions();

  it('treats data as fresh for 5 minutes', () => {
    expect(defaults.queries?.staleTime).toBe(300_000);
  });

  it('never retries a failed query', () => {
    expect(defaults.queries?.retry).toBe(false);
  });

  it('never retries a failed mutation', () => {
    expect(defaults.mutations?.retry).toBe(false);
  });

  it('refetches on window focus', () => {
    expect(defaults.queries?.refetchOnWindowFocus).toBe(true);
  });

  it('does not poll by default', () => {
    expect(defaults.queries?.refetchInterval).toBe(false);
  });

  it("loads a query by GETting its joined key, ending the session on a 401 ('throw' mode)", async () => {
    const client = createQueryClient();
    client.setQueryData(CURRENT_USER_QUERY_KEY, { username: 'dana' });
    const fetchMock = stubFetch(() => jsonResponse({ message: 'Not signed in' }, { status: 401 }));
    const events = captureWindowEvents(SESSION_EXPIRED_EVENT);

    await expect(client.fetchQuery({ queryKey: ['/api/user', 'permissions'] })).rejects.toMatchObject({
      status: 401,
    });

    events.stop();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/user/permissions');
    expect(client.getQueryData(CURRENT_USER_QUERY_KEY)).toBeNull();
    expect(events.details).toHaveLength(1);
  });
});

describe('the app query client', () => {
  it('is a QueryClient with the same defaults', () => {
    expect(queryClient).toBeInstanceOf(QueryClient);
    expect(queryClient.getDefaultOptions().queries?.staleTime).toBe(300_000);
  });

  it("is the cache apiRequest consults, so a 401 clears the app's signed-in user", async () => {
    queryClient.setQueryData(CURRENT_USER_QUERY_KEY, { username: 'dana' });
    stubFetch(() => jsonResponse({ message: 'Not signed in' }, { status: 401 }));
    const events = captureWindowEvents(SESSION_EXPIRED_EVENT);

    await expect(apiRequest('POST', '/api/change-password', {})).rejects.toMatchObject({ status: 401 });

    events.stop();
    expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toBeNull();
    expect(events.details).toHaveLength(1);
  });
});
