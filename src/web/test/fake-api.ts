import type { User } from '@shared/auth';

import { jsonResponse, stubFetch } from './fetch-stub';

export const dana: User = {
  id: '6b1f0c1e-4a43-4c55-9a3e-2f5c7d8e9a10',
  username: 'dana',
  email: 'dana@example.com',
  firstName: 'Dana',
  lastName: 'Reyes',
  role: 'manager',
  profileImageUrl: null,
  mustChangePassword: false,
  isImpersonating: false,
  originalAdmin: null,
};

export const unauthorized = () =>
  jsonResponse({ message: 'Not signed in', code: 'unauthorized' }, { status: 401 });

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * A stand-in for the API: routes `METHOD path` to handlers; `GET /api/user` answers `user` (null → 401)
 * unless overridden. Anything unrouted fails loudly as a 404 so a test never passes by accident.
 */
export function fakeApi({
  user = null,
  routes = {},
}: {
  user?: User | null;
  routes?: Record<string, Handler>;
}) {
  const state = { user };
  const fetchMock = stubFetch((url, init) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    const handler = routes[key];
    if (handler) return handler(init);
    if (key === 'GET /api/user') return state.user ? jsonResponse(state.user) : unauthorized();
    return jsonResponse({ message: `No fake for ${key}` }, { status: 404 });
  });
  return { fetchMock, state };
}

/** The calls made to `METHOD path`, with their parsed JSON bodies. */
export function callsTo(fetchMock: ReturnType<typeof stubFetch>, method: string, url: string) {
  return fetchMock.mock.calls
    .filter(([callUrl, init]) => callUrl === url && (init?.method ?? 'GET') === method)
    .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined));
}
