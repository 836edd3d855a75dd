import type { ComponentType } from 'react';
import { CloudOffIcon } from 'lucide-react';
import { Redirect, Route } from 'wouter';

import { PageMessage } from '../components/page-message';
import { PageSpinner } from '../components/page-spinner';
import { Button } from '../components/ui/button';
import { useCurrentUser } from '../features/auth/api/get-user';

/**
 * A route only a signed-in user may see (spec §2): waits for the session, sends a signed-out visitor to
 * /auth. If the session cannot be checked at all (server unreachable), says so instead of pretending the
 * user is signed out.
 */
export function ProtectedRoute({ path, component: Screen }: { path: string; component: ComponentType }) {
  const { data: user, isPending, error, refetch, isRefetching } = useCurrentUser();

  return (
    <Route path={path}>
      {isPending ? (
        <PageSpinner />
      ) : user ? (
        <Screen />
      ) : user === null ? (
        <Redirect to="/auth" replace />
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
