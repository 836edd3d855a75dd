import type { ComponentType } from 'react';

import { TooltipProvider } from '../components/ui/tooltip';
import { ForcedPasswordChange, ImpersonationBanner } from '../features/auth';
import { NotificationBell } from '../features/notifications';
import { AppLayout } from './layout/app-layout';
import { SessionGate, type RoutePermission } from './session';

/**
 * Everything a signed-in screen is shown inside: the app layout (sidebar, search, bell, impersonation
 * banner), the permission gate and the forced password change. A chunk of its own, loaded by
 * `ProtectedRoute` once the session says someone is signed in, so the login page never downloads it.
 */
export default function SignedInShell({
  screen: Screen,
  permission,
}: {
  screen: ComponentType;
  permission?: RoutePermission;
}) {
  return (
    <TooltipProvider>
      <AppLayout banner={<ImpersonationBanner />} headerActions={<NotificationBell />}>
        <SessionGate permission={permission}>
          <Screen />
        </SessionGate>
      </AppLayout>
      <ForcedPasswordChange />
    </TooltipProvider>
  );
}
