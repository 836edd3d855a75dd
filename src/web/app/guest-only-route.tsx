import type { ComponentType } from 'react';
import { Redirect, Route } from 'wouter';

import { useCurrentUser } from '../features/auth/api/get-user';

/**
 * A route for signed-out visitors (the login page): a signed-in user is sent to / (spec §2). The screen
 * shows while the session is still being checked, so an unreachable server never hides the login form.
 */
export function GuestOnlyRoute({ path, component: Screen }: { path: string; component: ComponentType }) {
  const { data: user } = useCurrentUser();

  return <Route path={path}>{user ? <Redirect to="/" replace /> : <Screen />}</Route>;
}
