import { lazy } from 'react';
import type { CompanySummary, ManagedUser } from '@shared/users';

import { FormDialog } from '../../../components/form-dialog';
import { personName } from '../../../components/user-avatar';

// The form (react-hook-form, zod) loads when the dialog first opens (issue 30).
const EditUserForm = lazy(() => import('./edit-user-form').then((m) => ({ default: m.EditUserForm })));

export function EditUserDialog({
  user,
  onOpenChange,
  companies,
  isSelf,
}: {
  /** The user being edited; the dialog is open while there is one. */
  user: ManagedUser | null;
  onOpenChange: (open: boolean) => void;
  companies: readonly CompanySummary[];
  isSelf: boolean;
}) {
  return (
    <FormDialog
      open={user !== null}
      onOpenChange={onOpenChange}
      title="Edit user"
      description={user ? `${personName(user)} logs in as ${user.username}.` : null}
    >
      {user && (
        <EditUserForm
          key={user.id}
          user={user}
          companies={companies}
          isSelf={isSelf}
          onDone={() => onOpenChange(false)}
        />
      )}
    </FormDialog>
  );
}
