import type { CompanySummary, ManagedUser } from '@shared/users';

import { personName, UserAvatar } from '../../../components/user-avatar';
import { Badge } from '../../../components/ui/badge';
import { TableSkeleton, type SkeletonCell } from '../../../components/ui/table-skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-relative-time';
import { companyNames } from './company-multi-select';
import { RoleBadge } from './role-badge';
import { UserRowActions, type UserAction } from './user-row-actions';

/** Columns that give way on narrow screens: the user, role, status and actions always stay. */
const EMAIL = 'hidden lg:table-cell';
const COMPANIES = 'hidden xl:table-cell';
const LAST_LOGIN = 'hidden md:table-cell';

function CompaniesCell({ user, companies }: { user: ManagedUser; companies: readonly CompanySummary[] }) {
  if (user.companyIds.length === 0) {
    return <span className="text-muted-foreground">{user.role === 'admin' ? 'All (admin)' : 'None'}</span>;
  }
  const names = companyNames(user.companyIds, companies);
  const shown = names.slice(0, 2).join(', ');
  return (
    <span title={names.join(', ')}>
      {shown}
      {names.length > 2 && <span className="text-muted-foreground"> +{names.length - 2}</span>}
    </span>
  );
}

function StatusBadge({ user }: { user: ManagedUser }) {
  if (!user.active)
    return (
      <Badge variant="outline" className="text-muted-foreground">
        Inactive
      </Badge>
    );
  return (
    <Badge variant="outline" className="border-success/30 bg-success/10 text-success">
      Active
    </Badge>
  );
}

function LastLogin({ at }: { at: string | null }) {
  if (!at) return <span className="text-muted-foreground">Never</span>;
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {formatRelativeTime(at)}
    </time>
  );
}

function Header() {
  return (
    <TableHeader>
      <TableRow className="hover:bg-transparent">
        <TableHead className="pl-4">User</TableHead>
        <TableHead className={EMAIL}>Email</TableHead>
        <TableHead>Role</TableHead>
        <TableHead className={COMPANIES}>Companies</TableHead>
        <TableHead>Status</TableHead>
        <TableHead className={LAST_LOGIN}>Last login</TableHead>
        <TableHead className="w-12 pr-4">
          <span className="sr-only">Actions</span>
        </TableHead>
      </TableRow>
    </TableHeader>
  );
}

/** The loading rows, cell for cell like the real ones. */
const USERS_SKELETON: SkeletonCell[] = [
  { className: 'pl-4', avatar: true, bars: ['h-4 w-32', 'h-3 w-20'] },
  { className: EMAIL, bars: ['h-4 w-44'] },
  { bars: ['h-5 w-16'] },
  { className: COMPANIES, bars: ['h-4 w-32'] },
  { bars: ['h-5 w-14'] },
  { className: LAST_LOGIN, bars: ['h-4 w-20'] },
  { className: 'pr-4' },
];

export function UsersTableSkeleton({ rows = 6 }: { rows?: number }) {
  return <TableSkeleton label="Loading users" header={<Header />} cells={USERS_SKELETON} rows={rows} />;
}

export function UsersTable({
  users,
  companies,
  currentUserId,
  canManage,
  canImpersonate,
  onAction,
}: {
  users: readonly ManagedUser[];
  companies: readonly CompanySummary[];
  currentUserId: string;
  canManage: boolean;
  canImpersonate: boolean;
  onAction: (action: UserAction, user: ManagedUser) => void;
}) {
  return (
    <Table aria-label="Users">
      <Header />
      <TableBody>
        {users.map((user) => {
          const isSelf = user.id === currentUserId;
          return (
            <TableRow key={user.id} data-inactive={!user.active || undefined}>
              <TableCell className="pl-4">
                <div className="flex min-w-0 items-center gap-3">
                  <UserAvatar person={user} className="size-9" />
                  <div className="min-w-0 leading-tight">
                    <p className="truncate font-medium">
                      {personName(user)}
                      {isSelf && <span className="text-muted-foreground font-normal"> (you)</span>}
                    </p>
                    <p className="text-muted-foreground truncate text-xs">@{user.username}</p>
                    {user.email && (
                      <p className="text-muted-foreground max-w-48 truncate text-xs sm:max-w-64 lg:hidden">
                        {user.email}
                      </p>
                    )}
                  </div>
                </div>
              </TableCell>
              <TableCell className={EMAIL}>
                {user.email ?? <span className="text-muted-foreground">—</span>}
              </TableCell>
              <TableCell>
                <RoleBadge role={user.role} />
              </TableCell>
              <TableCell className={COMPANIES}>
                <CompaniesCell user={user} companies={companies} />
              </TableCell>
              <TableCell>
                <StatusBadge user={user} />
              </TableCell>
              <TableCell className={LAST_LOGIN}>
                <LastLogin at={user.lastLoginAt} />
              </TableCell>
              <TableCell className="pr-4 text-right">
                <UserRowActions
                  user={user}
                  isSelf={isSelf}
                  canManage={canManage}
                  canImpersonate={canImpersonate}
                  onAction={onAction}
                />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
