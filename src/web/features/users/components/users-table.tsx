import type { CompanySummary, ManagedUser } from '@shared/users';

import { ActiveBadge, type DataColumn } from '../../../components/data-list';
import { personName, UserAvatar } from '../../../components/user-avatar';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-relative-time';
import { companyNames } from '../../../components/company-multi-select';
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

function LastLogin({ at }: { at: string | null }) {
  if (!at) return <span className="text-muted-foreground">Never</span>;
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {formatRelativeTime(at)}
    </time>
  );
}

type UsersTableOptions = {
  companies: readonly CompanySummary[];
  currentUserId: string;
  canManage: boolean;
  canImpersonate: boolean;
  onAction: (action: UserAction, user: ManagedUser) => void;
};

function UserCell({ user, isSelf }: { user: ManagedUser; isSelf: boolean }) {
  return (
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
  );
}

/** The columns of User Management; the last holds each user's menu of actions. */
export function userColumns(options: UsersTableOptions): DataColumn<ManagedUser>[] {
  const { companies, currentUserId, canManage, canImpersonate, onAction } = options;
  return [
    {
      id: 'user',
      header: 'User',
      className: 'pl-4',
      skeleton: ['h-4 w-32', 'h-3 w-20'],
      skeletonAvatar: true,
      cell: (user) => <UserCell user={user} isSelf={user.id === currentUserId} />,
    },
    {
      id: 'email',
      header: 'Email',
      className: EMAIL,
      skeleton: ['h-4 w-44'],
      cell: (user) => user.email ?? <span className="text-muted-foreground">—</span>,
    },
    { id: 'role', header: 'Role', skeleton: ['h-5 w-16'], cell: (user) => <RoleBadge role={user.role} /> },
    {
      id: 'companies',
      header: 'Companies',
      className: COMPANIES,
      skeleton: ['h-4 w-32'],
      cell: (user) => <CompaniesCell user={user} companies={companies} />,
    },
    {
      id: 'status',
      header: 'Status',
      skeleton: ['h-5 w-14'],
      cell: (user) => <ActiveBadge active={user.active} />,
    },
    {
      id: 'lastLogin',
      header: 'Last login',
      className: LAST_LOGIN,
      skeleton: ['h-4 w-20'],
      cell: (user) => <LastLogin at={user.lastLoginAt} />,
    },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      className: 'pr-4',
      headerClassName: 'w-12',
      cellClassName: 'text-right',
      cell: (user) => (
        <UserRowActions
          user={user}
          isSelf={user.id === currentUserId}
          canManage={canManage}
          canImpersonate={canImpersonate}
          onAction={onAction}
        />
      ),
    },
  ];
}
