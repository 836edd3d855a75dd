import { useState } from 'react';
import { CircleAlertIcon, UsersIcon } from 'lucide-react';
import type { CompanySummary, ManagedUser } from '@shared/users';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { personName } from '../../../components/user-avatar';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../hooks/use-toast';
import { USERS_PAGE_SIZE, useUsers } from '../api/get-users';
import { useImpersonateUserMutation } from '../api/impersonate-user';
import { useSendPasswordResetMutation } from '../api/send-password-reset';
import { useUpdateUserMutation } from '../api/update-user';
import { useUsersFilter } from '../hooks/use-users-filter';
import { EditUserDialog } from './edit-user-dialog';
import type { UserAction } from './user-row-actions';
import { UsersPagination } from './users-pagination';
import { UsersTable, UsersTableSkeleton } from './users-table';
import { UsersToolbar } from './users-toolbar';

type Confirmation = { action: 'deactivate' | 'reactivate' | 'impersonate'; user: ManagedUser };

function EmptyState({
  filtered,
  onClear,
  onFirstPage,
}: {
  filtered: boolean;
  onClear: () => void;
  /** Set when the list has users but not on this page (it shrank since the page was opened). */
  onFirstPage?: (() => void) | undefined;
}) {
  if (onFirstPage) {
    return (
      <div className="flex flex-col items-center gap-3 px-6 py-14 text-center">
        <p className="font-medium">There are no users on this page</p>
        <Button variant="outline" size="sm" onClick={onFirstPage}>
          Go to the first page
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-14 text-center">
      <div
        aria-hidden="true"
        className="bg-muted text-muted-foreground flex size-11 items-center justify-center rounded-full"
      >
        <UsersIcon className="size-5" />
      </div>
      <p className="font-medium">{filtered ? 'No users match these filters' : 'No users yet'}</p>
      {filtered && (
        <Button variant="outline" size="sm" onClick={onClear}>
          Clear filters
        </Button>
      )}
    </div>
  );
}

const CONFIRM_COPY = {
  deactivate: (name: string) => ({
    title: `Deactivate ${name}?`,
    description: `${name} is signed out everywhere and can no longer log in. Their claims, notes and history stay. You can reactivate the account at any time.`,
    confirmLabel: 'Deactivate',
    destructive: true,
  }),
  reactivate: (name: string) => ({
    title: `Reactivate ${name}?`,
    description: `${name} can log in again with their existing password, with the role and companies they had.`,
    confirmLabel: 'Reactivate',
    destructive: false,
  }),
  impersonate: (name: string) => ({
    title: `Impersonate ${name}?`,
    description: `You will see and do everything as ${name} until you select "Return to Admin" in the red banner. What you do is recorded as done by you on their behalf.`,
    confirmLabel: 'Impersonate',
    destructive: false,
  }),
};

/**
 * The user list of User Management with its filters, paging and row actions. Creating a user lives in the
 * page header; everything else about a user starts from its row.
 */
export function UserManagement({
  companies,
  currentUserId,
  canManage,
  canImpersonate,
}: {
  companies: readonly CompanySummary[];
  currentUserId: string;
  canManage: boolean;
  canImpersonate: boolean;
}) {
  const { filter, setFilter, clearFilters, filtered } = useUsersFilter();
  const users = useUsers(filter);
  const updateMutation = useUpdateUserMutation();
  const resetMutation = useSendPasswordResetMutation();
  const impersonateMutation = useImpersonateUserMutation();
  const [editing, setEditing] = useState<ManagedUser | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  const onAction = (action: UserAction, user: ManagedUser) => {
    if (action === 'edit') setEditing(user);
    else if (action === 'send-reset') resetMutation.mutate(user.id);
    else setConfirmation({ action, user });
  };

  const confirm = () => {
    if (!confirmation) return;
    const { action, user } = confirmation;
    const name = personName(user);
    if (action === 'impersonate') {
      impersonateMutation.mutate(user.id);
      return;
    }
    const active = action === 'reactivate';
    updateMutation.mutate(
      { id: user.id, changes: { active } },
      {
        onSuccess: () => {
          setConfirmation(null);
          toast(
            active
              ? { title: 'User reactivated', description: `${name} can log in again.` }
              : { title: 'User deactivated', description: `${name} can no longer log in.` },
          );
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: active ? 'Could not reactivate the user' : 'Could not deactivate the user',
            description: error.message,
          }),
      },
    );
  };

  const copy = confirmation && CONFIRM_COPY[confirmation.action](personName(confirmation.user));
  const list = users.data;

  return (
    <div className="grid gap-4">
      <UsersToolbar
        filter={filter}
        companies={companies}
        filtered={filtered}
        onChange={setFilter}
        onClear={clearFilters}
      />
      <div className="bg-card overflow-hidden rounded-xl border shadow-xs">
        {users.isPending ? (
          <UsersTableSkeleton />
        ) : users.isError && !list ? (
          <div className="p-4">
            <Alert variant="destructive">
              <CircleAlertIcon />
              <AlertTitle>The users could not be loaded</AlertTitle>
              <AlertDescription>
                <p>{users.error.message}</p>
                <Button
                  variant="outline"
                  size="sm"
                  className="mt-2"
                  onClick={() => void users.refetch()}
                  disabled={users.isFetching}
                >
                  Try again
                </Button>
              </AlertDescription>
            </Alert>
          </div>
        ) : list && list.items.length > 0 ? (
          <div aria-busy={users.isPlaceholderData} className="transition-opacity aria-busy:opacity-60">
            <UsersTable
              users={list.items}
              companies={companies}
              currentUserId={currentUserId}
              canManage={canManage}
              canImpersonate={canImpersonate}
              onAction={onAction}
            />
          </div>
        ) : (
          <EmptyState
            filtered={filtered}
            onClear={clearFilters}
            onFirstPage={list && list.total > 0 ? () => setFilter({ page: 1 }) : undefined}
          />
        )}
      </div>
      {list && list.total > 0 && (
        <UsersPagination
          page={list.page}
          pageSize={list.pageSize || USERS_PAGE_SIZE}
          total={list.total}
          onPageChange={(page) => setFilter({ page })}
        />
      )}

      <EditUserDialog
        user={editing}
        onOpenChange={(open) => !open && setEditing(null)}
        companies={companies}
        isSelf={editing?.id === currentUserId}
      />
      {confirmation && copy && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setConfirmation(null)}
          {...copy}
          pending={updateMutation.isPending || impersonateMutation.isPending || impersonateMutation.isSuccess}
          onConfirm={confirm}
        />
      )}
    </div>
  );
}
