import { useState } from 'react';
import { SendIcon } from 'lucide-react';
import type { WebhookDelivery, WebhookEndpoint } from '@shared/webhooks';

import {
  DetailSheet,
  ListEmpty,
  ListLoadError,
  ListPagination,
  useLastShown,
} from '../../../components/data-list';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-relative-time';
import { cn } from '../../../lib/utils';
import { DELIVERIES_PAGE_SIZE, useDeliveries, useResendDeliveryMutation } from '../api/webhooks';

const STATUS: Record<WebhookDelivery['status'], { label: string; tone: string }> = {
  pending: { label: 'Pending', tone: 'border-amber-300 bg-amber-50 text-amber-900' },
  succeeded: { label: 'Delivered', tone: 'border-emerald-300 bg-emerald-50 text-emerald-800' },
  failed: { label: 'Failed', tone: 'border-red-200 bg-red-50 text-red-700' },
};

/** "200 · 43 ms · 3 attempts", or what went wrong. */
function outcomeLine(delivery: WebhookDelivery) {
  const parts = [
    delivery.lastStatusCode ? String(delivery.lastStatusCode) : null,
    delivery.lastLatencyMs !== null ? `${delivery.lastLatencyMs} ms` : null,
    `${delivery.attempts} ${delivery.attempts === 1 ? 'attempt' : 'attempts'}`,
  ];
  return parts.filter(Boolean).join(' · ');
}

function DeliveryRow({ endpointId, delivery }: { endpointId: string; delivery: WebhookDelivery }) {
  const resend = useResendDeliveryMutation();
  return (
    <li className="grid gap-1 border-b px-1 py-3 last:border-b-0">
      <div className="flex items-center justify-between gap-2">
        <code className="text-sm">{delivery.eventType}</code>
        <Badge variant="outline" className={cn('whitespace-nowrap', STATUS[delivery.status].tone)}>
          {STATUS[delivery.status].label}
        </Badge>
      </div>
      <p className="text-muted-foreground text-xs">
        <time dateTime={delivery.createdAt} title={formatDateTime(delivery.createdAt)}>
          {formatRelativeTime(delivery.createdAt)}
        </time>
        {' · '}
        {outcomeLine(delivery)}
        {delivery.status === 'pending' && delivery.nextAttemptAt && delivery.attempts > 0
          ? ` · next try ${formatRelativeTime(delivery.nextAttemptAt)}`
          : ''}
      </p>
      {delivery.lastError && delivery.status !== 'succeeded' && (
        <p className="text-destructive text-xs [overflow-wrap:anywhere]">{delivery.lastError}</p>
      )}
      <div className="flex items-center justify-between gap-2">
        <code className="text-muted-foreground truncate text-xs" title="webhook-id">
          {delivery.eventId}
        </code>
        <Button
          variant="outline"
          size="sm"
          disabled={resend.isPending}
          aria-label={`Resend ${delivery.eventType} ${delivery.eventId}`}
          onClick={() => resend.mutate({ endpointId, deliveryId: delivery.id })}
        >
          <SendIcon aria-hidden="true" />
          Resend
        </Button>
      </div>
    </li>
  );
}

/** An endpoint's delivery log in a sheet: each event's status, answer, latency and attempts, with Resend. */
export function WebhookDeliveriesSheet({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
}) {
  const shown = useLastShown(endpoint);
  const [page, setPage] = useState(1);
  const query = useDeliveries(shown?.id ?? null, page);
  let body;
  if (query.isPending) body = <Skeleton aria-label="Loading the deliveries" className="h-40 w-full" />;
  else if (query.isError) {
    body = (
      <ListLoadError
        title="The deliveries could not be loaded"
        message={query.error.message}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
        className="p-0"
      />
    );
  } else if (query.data.items.length === 0) {
    body = (
      <ListEmpty icon={<SendIcon />} title="No deliveries yet">
        Each event this endpoint chose is listed here once it happens.
      </ListEmpty>
    );
  } else {
    body = (
      <>
        <ul aria-label="Deliveries">
          {query.data.items.map((delivery) => (
            <DeliveryRow key={delivery.id} endpointId={shown!.id} delivery={delivery} />
          ))}
        </ul>
        <ListPagination
          page={page}
          pageSize={DELIVERIES_PAGE_SIZE}
          total={query.data.total}
          noun={['delivery', 'deliveries']}
          onPageChange={setPage}
        />
      </>
    );
  }
  return (
    <DetailSheet
      open={endpoint !== null}
      onOpenChange={(open) => {
        if (open) return;
        setPage(1);
        onClose();
      }}
      title="Deliveries"
      description={shown?.url}
      className="sm:max-w-xl"
    >
      <div className="overflow-y-auto px-4 pb-4">{body}</div>
    </DetailSheet>
  );
}
