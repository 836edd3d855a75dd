import { useState } from 'react';
import { PowerIcon, Trash2Icon, WebhookIcon } from 'lucide-react';
import type { WebhookEndpoint } from '@shared/webhooks';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { RowActions, WholeList, type DataColumn } from '../../../components/data-list';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatRelativeTime } from '../../../lib/format-relative-time';
import { useDeleteWebhookMutation, useSwitchWebhookMutation, useWebhooks } from '../api/webhooks';
import { WebhookDeliveriesSheet } from './webhook-deliveries';

function StatusCell({ endpoint }: { endpoint: WebhookEndpoint }) {
  if (!endpoint.enabled) {
    return (
      <>
        <Badge variant="outline" className="border-red-200 bg-red-50 whitespace-nowrap text-red-700">
          Off
        </Badge>
        {endpoint.disabledReason && (
          <p className="text-muted-foreground mt-1 text-xs">{endpoint.disabledReason}</p>
        )}
      </>
    );
  }
  return (
    <>
      <Badge
        variant="outline"
        className="border-emerald-300 bg-emerald-50 whitespace-nowrap text-emerald-800"
      >
        On
      </Badge>
      {endpoint.failingSince && (
        <p className="mt-1 text-xs text-amber-900">
          Failing since {formatRelativeTime(endpoint.failingSince)}
        </p>
      )}
    </>
  );
}

function columns(actions: {
  open: (endpoint: WebhookEndpoint) => void;
  remove: (endpoint: WebhookEndpoint) => void;
  switchOn: (endpoint: WebhookEndpoint, enabled: boolean) => void;
}): DataColumn<WebhookEndpoint>[] {
  return [
    {
      id: 'url',
      header: 'Endpoint',
      className: 'pl-4',
      cellClassName: 'max-w-0 min-w-52',
      skeleton: ['h-4 w-48', 'h-3 w-24'],
      cell: (endpoint) => (
        <>
          <p className="truncate font-mono text-xs" title={endpoint.url}>
            {endpoint.url}
          </p>
          {endpoint.description && (
            <p className="text-muted-foreground truncate text-xs">{endpoint.description}</p>
          )}
        </>
      ),
    },
    {
      id: 'events',
      header: 'Events',
      className: 'hidden md:table-cell',
      cellClassName: 'text-muted-foreground font-mono text-xs',
      skeleton: ['h-4 w-32'],
      cell: (endpoint) => endpoint.events.join(', '),
    },
    {
      id: 'companies',
      header: 'Companies',
      className: 'hidden lg:table-cell',
      skeleton: ['h-4 w-24'],
      cell: (endpoint) =>
        endpoint.companies ? endpoint.companies.map((company) => company.name).join(', ') : 'Every company',
    },
    {
      id: 'status',
      header: 'Status',
      skeleton: ['h-5 w-12'],
      cell: (endpoint) => <StatusCell endpoint={endpoint} />,
    },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      className: 'pr-4 text-right',
      skeleton: ['ml-auto h-8 w-24'],
      cell: (endpoint) => (
        <div className="flex justify-end gap-1">
          <Button variant="outline" size="sm" onClick={() => actions.open(endpoint)}>
            Deliveries
          </Button>
          <RowActions
            name={endpoint.url}
            actions={[
              {
                label: endpoint.enabled ? 'Turn off' : 'Turn on',
                icon: <PowerIcon />,
                onSelect: () => actions.switchOn(endpoint, !endpoint.enabled),
              },
              {
                label: 'Delete',
                icon: <Trash2Icon />,
                destructive: true,
                separated: true,
                onSelect: () => actions.remove(endpoint),
              },
            ]}
          />
        </div>
      ),
    },
  ];
}

/** The endpoints other systems receive events at, each with its delivery log. */
export function WebhooksList({ onCreate }: { onCreate: () => void }) {
  const query = useWebhooks();
  const switchOn = useSwitchWebhookMutation();
  const remove = useDeleteWebhookMutation();
  const [open, setOpen] = useState<WebhookEndpoint | null>(null);
  const [removing, setRemoving] = useState<WebhookEndpoint | null>(null);
  const shown = columns({
    open: setOpen,
    remove: setRemoving,
    switchOn: (endpoint, enabled) => switchOn.mutate({ id: endpoint.id, enabled }),
  });

  return (
    <>
      <WholeList
        query={query}
        label="Webhook endpoints"
        noun="the webhooks"
        columns={shown}
        empty={{
          icon: <WebhookIcon />,
          title: 'No webhook endpoints yet',
          text: 'An endpoint hears of claims, estimates, authorizations and invoices as they happen, signed so it can trust them.',
          action: 'Add an endpoint',
          onAction: onCreate,
        }}
      />
      <WebhookDeliveriesSheet endpoint={open} onClose={() => setOpen(null)} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(next) => !next && setRemoving(null)}
        title="Delete this webhook endpoint?"
        description={`${removing?.url ?? ''} receives no more events, and its delivery log is deleted with it.`}
        confirmLabel="Delete endpoint"
        destructive
        pending={remove.isPending}
        onConfirm={() => remove.mutate(removing!, { onSuccess: () => setRemoving(null) })}
      />
    </>
  );
}
