import { useState, type ComponentProps } from 'react';
import { UsersIcon } from 'lucide-react';
import type { CompanySummary, ManagedUser } from '@shared/users';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, DataTableSkeleton, ListFrame } from '../../../components/data-list';
import { FormDialog } from '../../../components/form-dialog';
import { personName } from '../../../components/user-avatar';
import { toast } from '../../../hooks/use-toast';
import { USERS_PAGE_SIZE, useUsers } from '../api/get-users';
import { useImpersonateUserMutation } from '../api/impersonate-user';
import { useSendPasswordResetMutation } from '../api/send-password-reset';
import { useUpdateUserMutation } from '../api/update-user';
import { useUsersFilter } from '../hooks/use-users-filter';
import { EditUserDialog } from './edit-user-dialog';
import { HeldMailLink } from './held-mail-link';
import type { UserAction } from './user-row-actions';
import { userColumns } from './users-table';
import { UsersToolbar } from './users-toolbar';

type Confirmation = { action: 'deactivate' | 'reactivate' | 'impersonate'; user: ManagedUser };

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
  // Set when a reset email was held (no mail server): the answer's link, shown to copy as after creating a user.
  const [resetLink, setResetLink] = useState<{ user: ManagedUser; link: string } | null>(null);

  const onAction = (action: UserAction, user: ManagedUser) => {
    if (action === 'edit') setEditing(user);
    else if (action === 'send-reset') {
      resetMutation.mutate(user.id, {
        onSuccess: ({ resetUrl }) => resetUrl && setResetLink({ user, link: resetUrl }),
      });
    } else setConfirmation({ action, user });
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
  const columns = userColumns({ companies, currentUserId, canManage, canImpersonate, onAction });

  return (
    <div className="grid gap-4">
      <UsersToolbar
        filter={filter}
        companies={companies}
        filtered={filtered}
        onChange={setFilter}
        onClear={clearFilters}
      />
      <ListFrame
        query={users}
        noun={['user', 'users']}
        pageSize={USERS_PAGE_SIZE}
        icon={<UsersIcon />}
        skeleton={<DataTableSkeleton label="Loading users" columns={columns} />}
        filtered={filtered}
        onClear={clearFilters}
        onPageChange={(page) => setFilter({ page })}
      >
        {(items) => (
          <DataTable
            label="Users"
            columns={columns}
            rows={items}
            rowId={(user) => user.id}
            rowProps={(user) => ({ 'data-inactive': !user.active || undefined }) as ComponentProps<'tr'>}
          />
        )}
      </ListFrame>

      <EditUserDialog
        user={editing}
        onOpenChange={(open) => !open && setEditing(null)}
        companies={companies}
        isSelf={editing?.id === currentUserId}
      />
      <FormDialog
        open={resetLink !== null}
        onOpenChange={(open) => !open && setResetLink(null)}
        title={resetLink ? `Send ${resetLink.user.username} their reset link` : ''}
        description="The reset email is held in the outbox. They set a new password from this link."
      >
        {resetLink && (
          <HeldMailLink
            kind="reset"
            user={resetLink.user}
            link={resetLink.link}
            onDone={() => setResetLink(null)}
          />
        )}
      </FormDialog>
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
