import { lazy } from 'react';
import type { CreatedApiToken } from '@shared/api-tokens';
import type { CompanySummary } from '@shared/users';

import { FormThenResultDialog, type DialogState } from '../../../components/form-dialog';
import { CreatedApiTokenView } from './created-api-token';

// The form (react-hook-form, zod) loads when the dialog first opens.
const CreateApiTokenForm = lazy(() =>
  import('./create-api-token-form').then((m) => ({ default: m.CreateApiTokenForm })),
);

/** New token: the form, then the token itself, shown this once. */
export function CreateApiTokenDialog({
  companies,
  everyCompany = true,
  ...dialog
}: DialogState & { companies: readonly CompanySummary[]; everyCompany?: boolean }) {
  return (
    <FormThenResultDialog<CreatedApiToken>
      {...dialog}
      className="sm:max-w-2xl"
      title={(created) => (created ? 'Your new token' : 'Create API token')}
      description={(created) =>
        created
          ? 'Send it as Authorization: Bearer <token> on every request.'
          : 'Another system acts as you with it, never as more: only the scopes and companies you choose.'
      }
      form={(show) => <CreateApiTokenForm companies={companies} everyCompany={everyCompany} onDone={show} />}
      result={(created, close) => <CreatedApiTokenView created={created} onDone={close} />}
    />
  );
}
