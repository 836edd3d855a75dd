import { lazy, Suspense, type ComponentType } from 'react';
import { CloudOffIcon } from 'lucide-react';
import { Redirect, Route, useLocation, useSearch } from 'wouter';

import { PageMessage } from '../components/page-message';
import { PageSpinner } from '../components/page-spinner';
import { Button } from '../components/ui/button';
import { useCurrentUser } from '../features/auth';
import { loginPathFor } from '../lib/return-to';
import type { RoutePermission } from './session';

const SignedInShell = lazy(() => import('./signed-in-shell'));

/**
 * A route only a signed-in user may see (spec §2): waits for the session, sends a signed-out visitor to
 * /auth (with the page asked for, to return to after logging in: a window tag's QR code opens a claim), and
 * shows the screen inside the app layout (sidebar, impersonation banner). This is the layout route of every
 * authenticated screen: the Switch keeps the same instance from one protected path to the next, so the
 * layout stays mounted and only the screen changes. If the session cannot be checked at all (server
 * unreachable), says so instead of pretending the user is signed out. A signed-in user who must replace an
 * admin-issued password gets the forced change-password dialog over the page.
 *
 * Inside the layout the screen waits for the permissions too (one spinner), so it never shows what the role
 * may do half-known; with `permission`, a role that lacks it gets the access-denied screen instead. Screens
 * read the loaded session with `useSession()`. The layout is its own chunk (`signed-in-shell`), so a signed-out
 * visitor's login page does not download it.
 */
export function ProtectedRoute({
  path,
  component: Screen,
  permission,
}: {
  path: string;
  component: ComponentType;
  /** What the role must hold to open the screen, and what the access-denied screen then says. */
  permission?: RoutePermission;
}) {
  const { data: user, isPending, error, refetch, isRefetching } = useCurrentUser();
  const [location] = useLocation();
  const search = useSearch();

  return (
    <Route path={path}>
      {isPending ? (
        <PageSpinner />
      ) : user ? (
        <Suspense fallback={<PageSpinner />}>
          <SignedInShell screen={Screen} permission={permission} />
        </Suspense>
      ) : user === null ? (
        <Redirect to={loginPathFor(location, search)} replace />
      ) : (
        <PageMessage
          icon={<CloudOffIcon />}
          title="Can't reach FleetClaims"
          action={
            <Button onClick={() => void refetch()} disabled={isRefetching}>
              Try again
            </Button>
          }
        >
          {error?.message ?? 'The server did not answer.'}
        </PageMessage>
      )}
    </Route>
  );
}
