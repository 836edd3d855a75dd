import type { User } from '@shared/auth';

import { useCurrentUser } from '../../features/auth';
import { personName, UserAvatar } from '../../components/user-avatar';

const ROLE_LABELS: Record<User['role'], string> = { admin: 'Admin', manager: 'Manager', viewer: 'Viewer' };

/** Who is signed in, top right of every page: photo or initials, name and role. */
export function UserSummary() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  const name = personName(user);

  return (
    <div className="flex items-center gap-2.5">
      <div className="hidden text-right leading-tight sm:block">
        <p className="text-sm font-medium">{name}</p>
        <p className="text-muted-foreground text-xs">{ROLE_LABELS[user.role]}</p>
      </div>
      <span className="sr-only sm:hidden">
        Signed in as {name}, {ROLE_LABELS[user.role]}
      </span>
      <UserAvatar person={user} className="size-8" />
    </div>
  );
}
