import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { User } from '@shared/auth';
import type { Permission } from '@shared/permissions';

import { AccessDenied } from '../components/access-denied';
import { Spinner } from '../components/ui/spinner';
import { useAuthorization } from '../features/auth';
import { useDocumentTitle } from '../hooks/use-document-title';

/**
 * What a protected route asks of the role before it shows its screen. `title` and `audience` are what the
 * access-denied screen says: "{title} is for {audience}." (administrators when left out).
 */
export interface RoutePermission {
  needs: Permission;
  title: string;
  audience?: string;
}

/** The signed-in user and their permissions, both loaded: what every protected screen reads. */
export interface Session {
  user: User;
  can: (permission: Permission) => boolean;
}

const SessionContext = createContext<Session | null>(null);

/** The session of the screen's protected route; the route renders the screen only once it is loaded. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() is for screens rendered by a ProtectedRoute.');
  return session;
}

function SessionSpinner() {
  return (
    <div className="flex justify-center py-24">
      <Spinner className="text-muted-foreground size-8" />
    </div>
  );
}

function RouteAccessDenied({ title, audience }: Omit<RoutePermission, 'needs'>) {
  useDocumentTitle(title);
  return <AccessDenied title={title} audience={audience} />;
}

/**
 * Inside the signed-in layout: one spinner while the permissions load, then the access-denied screen when
 * the role lacks `permission` (the server refuses its data anyway), else the screen with its session.
 */
export function SessionGate({ permission, children }: { permission?: RoutePermission; children: ReactNode }) {
  const { user, can, isLoading } = useAuthorization();
  const session = useMemo(() => (user ? { user, can } : null), [user, can]);

  if (isLoading || !session) return <SessionSpinner />;
  if (permission && !can(permission.needs)) {
    return <RouteAccessDenied title={permission.title} audience={permission.audience} />;
  }
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
