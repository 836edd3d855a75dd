import { useCallback } from 'react';
import type { Permission } from '@shared/permissions';

import { can as grants } from '../../../lib/authorization';
import { useCurrentUser } from '../api/get-user';
import { usePermissions } from '../api/get-permissions';

/**
 * What the signed-in user may do, for showing or hiding UI (the server decides for real). `can()` answers
 * false while the user or the permissions are loading (spec §6), and for a signed-out visitor.
 */
export function useAuthorization() {
  const { data: user } = useCurrentUser();
  const signedIn = Boolean(user);
  const { data: permissions, isPending } = usePermissions({ enabled: signedIn });
  const known = signedIn ? permissions : undefined;

  const can = useCallback((permission: Permission) => grants(known, permission), [known]);

  return { user, role: user?.role, can, isLoading: !user || isPending };
}
