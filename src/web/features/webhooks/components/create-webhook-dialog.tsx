import { lazy } from 'react';
import { ShieldCheckIcon } from 'lucide-react';
import type { CompanySummary } from '@shared/users';

import { CopyField } from '../../../components/copy-field';
import { FormThenResultDialog, type DialogState } from '../../../components/form-dialog';
import { ShownOnce } from '../../../components/shown-once';

// The form (react-hook-form, zod) loads when the dialog first opens.
const CreateWebhookForm = lazy(() =>
  import('./create-webhook-form').then((m) => ({ default: m.CreateWebhookForm })),
);

type Created = { url: string; secret: string };

/** Add endpoint: the form, then its signing secret, shown this once. */
export function CreateWebhookDialog({
  companies,
  ...dialog
}: DialogState & { companies: readonly CompanySummary[] }) {
  return (
    <FormThenResultDialog<Created>
      {...dialog}
      className="sm:max-w-2xl"
      title={(created) => (created ? 'Your signing secret' : 'Add webhook endpoint')}
      description={(created) =>
        created
          ? `Events go to ${created.url}, signed with this secret.`
          : 'Sent by the server’s job runner, retried for about a day, in order per claim and per invoice.'
      }
      form={(show) => <CreateWebhookForm companies={companies} onDone={show} />}
      result={(created, close) => (
        <ShownOnce
          icon={<ShieldCheckIcon />}
          title="Copy the secret now: it is not shown again"
          onDone={close}
        >
          {[
            <>
              Check each delivery’s <code>webhook-signature</code> with it (Standard Webhooks: HMAC-SHA256 of
              id.timestamp.body) and ignore a <code>webhook-id</code> you have already handled.
            </>,
            <CopyField
              key="secret"
              id="new-webhook-secret"
              label="Signing secret"
              value={created.secret}
              copyLabel="Copy secret"
              copied={{ title: 'Secret copied', description: 'Give it to the receiving system.' }}
            />,
          ]}
        </ShownOnce>
      )}
    />
  );
}
