import { lazy } from 'react';
import type { CompanySummary, RegisterResponse } from '@shared/users';

import { FormThenResultDialog, type DialogState } from '../../../components/form-dialog';
import { HeldMailLink } from './held-mail-link';

// The form (react-hook-form, zod) loads when the dialog first opens (issue 30).
const CreateUserForm = lazy(() => import('./create-user-form').then((m) => ({ default: m.CreateUserForm })));

/** Create user; when the server hands back the set-password link (no mail server), the dialog then shows it. */
export function CreateUserDialog({
  companies,
  ...dialog
}: DialogState & { companies: readonly CompanySummary[] }) {
  return (
    <FormThenResultDialog<RegisterResponse>
      {...dialog}
      title={(linkFor) => (linkFor ? `Send ${linkFor.username} their link` : 'Create user')}
      description={(linkFor) =>
        linkFor
          ? 'The account is created. They set their own password from this link.'
          : 'The role and companies decide what the new user sees and may do.'
      }
      form={(show, close) => (
        <CreateUserForm
          companies={companies}
          onDone={(user) => (user.setPasswordUrl ? show(user) : close())}
        />
      )}
      result={(linkFor, close) => (
        <HeldMailLink kind="welcome" user={linkFor} link={linkFor.setPasswordUrl!} onDone={close} />
      )}
    />
  );
}
