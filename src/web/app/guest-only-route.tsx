import type { ComponentType } from 'react';
import { Redirect, Route, useSearch } from 'wouter';

import { useCurrentUser } from '../features/auth';
import { returnPath } from '../lib/return-to';

/**
 * A route for signed-out visitors (the login page): a signed-in user is sent to / (spec §2), or to the page
 * they asked for before logging in (`?next=`, set by ProtectedRoute). The screen shows while the session is
 * still being checked, so an unreachable server never hides the login form.
 */
export function GuestOnlyRoute({ path, component: Screen }: { path: string; component: ComponentType }) {
  const { data: user } = useCurrentUser();
  const search = useSearch();

  return <Route path={path}>{user ? <Redirect to={returnPath(search)} replace /> : <Screen />}</Route>;
}
