import type { User } from '@shared/auth';
import type { Notification } from '@shared/notifications';
import { permissionsFor } from '@shared/permissions';
import { DEFAULT_SETTINGS } from '@shared/settings';
import type { CompanySummary } from '@shared/users';

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

/** A user like `dana` with the fields a test cares about changed (`buildUser({ role: 'admin' })`). */
export function buildUser(overrides: Partial<User> = {}): User {
  return { ...dana, ...overrides };
}

export const unauthorized = () =>
  jsonResponse({ message: 'Not signed in', code: 'unauthorized' }, { status: 401 });

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * A stand-in for the API: routes `METHOD path` to handlers. Unless overridden, `GET /api/user` answers
 * `user` (null → 401), and for a signed-in user `GET /api/user/permissions` answers the role's
 * permissions, `GET /api/user/companies` answers `companies`, `GET /api/settings/public` answers
 * `fleetDashboardCompanyId`, `GET /api/notifications` (the bell's poll) answers `notifications` and
 * `GET /api/driver-reports/count` (the sidebar's badge) answers none new. With
 * `logsIn`, `POST /api/login` signs that user in and answers them.
 * Anything unrouted fails loudly as a 404 so a test never passes by accident.
 */
export function fakeApi({
  user = null,
  companies = [],
  fleetDashboardCompanyId = null,
  notifications = [],
  logsIn,
  routes = {},
}: {
  user?: User | null;
  companies?: CompanySummary[];
  fleetDashboardCompanyId?: string | null;
  notifications?: Notification[];
  logsIn?: User;
  routes?: Record<string, Handler>;
}) {
  const state = { user };
  const signedIn = (answer: (user: User) => Response) => (state.user ? answer(state.user) : unauthorized());
  const fetchMock = stubFetch((url, init) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    const handler = routes[key];
    if (handler) return handler(init);
    switch (key) {
      case 'GET /api/user':
        return signedIn((user) => jsonResponse(user));
      case 'GET /api/user/permissions':
        return signedIn((user) => jsonResponse(permissionsFor(user.role)));
      case 'GET /api/user/companies':
        return signedIn(() => jsonResponse(companies));
      case 'GET /api/settings/public':
        return signedIn(() => jsonResponse({ ...DEFAULT_SETTINGS, fleetDashboardCompanyId }));
      case 'GET /api/notifications':
        return signedIn(() => jsonResponse(notifications));
      case 'GET /api/driver-reports/count':
        return signedIn(() => jsonResponse({ new: 0 }));
      case 'POST /api/login':
        if (!logsIn) break;
        state.user = logsIn;
        return jsonResponse(logsIn);
    }
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
