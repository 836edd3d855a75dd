import { lazy, useState } from 'react';
import type { CompanySummary, RegisterResponse } from '@shared/users';

import { FormDialog } from '../../../components/form-dialog';
import { HeldMailLink } from './held-mail-link';

// The form (react-hook-form, zod) loads when the dialog first opens (issue 30).
const CreateUserForm = lazy(() => import('./create-user-form').then((m) => ({ default: m.CreateUserForm })));

export function CreateUserDialog({
  open,
  onOpenChange,
  companies,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  companies: readonly CompanySummary[];
}) {
  // Set when the server handed back the set-password link (no mail server): the dialog then shows it.
  const [linkFor, setLinkFor] = useState<RegisterResponse | null>(null);
  const close = () => {
    setLinkFor(null);
    onOpenChange(false);
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={linkFor ? `Send ${linkFor.username} their link` : 'Create user'}
      description={
        linkFor
          ? 'The account is created. They set their own password from this link.'
          : 'The role and companies decide what the new user sees and may do.'
      }
    >
      {linkFor ? (
        <HeldMailLink kind="welcome" user={linkFor} link={linkFor.setPasswordUrl!} onDone={close} />
      ) : (
        <CreateUserForm
          companies={companies}
          onDone={(user) => (user.setPasswordUrl ? setLinkFor(user) : close())}
        />
      )}
    </FormDialog>
  );
}
