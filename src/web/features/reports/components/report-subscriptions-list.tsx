import { useState } from 'react';
import { FileDownIcon } from 'lucide-react';
import {
  REPORT_CADENCE_LABELS,
  REPORT_CADENCE_SCHEDULES,
  reportDeliveryResult,
  type ReportDelivery,
  type ReportSubscription,
} from '@shared/report-subscriptions';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';
import { toast } from '../../../hooks/use-toast';
import {
  reportDeliveryPdfUrl,
  useCancelReportSubscription,
  useReportDeliveries,
  useReportSubscriptions,
} from '../api/report-subscriptions';
import { describeReportFilter } from './report-subscribe-dialog';

const shortDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
const covered = (delivery: ReportDelivery) =>
  delivery.span ? `${shortDate(delivery.span.from)} – ${shortDate(delivery.span.to)}` : '—';

function DeliveryLog({ subscription }: { subscription: ReportSubscription }) {
  const deliveries = useReportDeliveries(subscription.id, true);
  if (deliveries.isPending) return <p className="text-muted-foreground text-sm">Loading the deliveries…</p>;
  if (deliveries.isError)
    return (
      <p className="text-destructive text-sm">
        The deliveries could not be loaded: {deliveries.error.message}
      </p>
    );
  if (deliveries.data.length === 0)
    return (
      <p className="text-muted-foreground text-sm">
        Nothing sent yet: the first report comes {REPORT_CADENCE_SCHEDULES[subscription.cadence]}.
      </p>
    );
  return (
    <Table>
      <TableCaption className="sr-only">Deliveries of {subscription.name}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Period</TableHead>
          <TableHead>Covers</TableHead>
          <TableHead className="text-right">Claims</TableHead>
          <TableHead>Result</TableHead>
          <TableHead>
            <span className="sr-only">PDF</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {deliveries.data.map((delivery) => (
          <TableRow key={delivery.id}>
            <TableCell className="tabular-nums">{delivery.period}</TableCell>
            <TableCell>{covered(delivery)}</TableCell>
            <TableCell className="text-right tabular-nums">{delivery.claims ?? '—'}</TableCell>
            <TableCell>
              {reportDeliveryResult(delivery)}
              {delivery.reason && delivery.status !== 'empty' && (
                <span className="text-muted-foreground block text-xs">{delivery.reason}</span>
              )}
            </TableCell>
            <TableCell className="text-right">
              {delivery.hasPdf && (
                <Button asChild variant="ghost" size="sm">
                  <a href={reportDeliveryPdfUrl(delivery.id)} download>
                    <FileDownIcon aria-hidden="true" />
                    PDF<span className="sr-only"> of {delivery.period}</span>
                  </a>
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function SubscriptionItem({
  subscription,
  onCancel,
}: {
  subscription: ReportSubscription;
  onCancel: (subscription: ReportSubscription) => void;
}) {
  const [showLog, setShowLog] = useState(false);
  const last = subscription.lastDelivery;
  return (
    <li className="grid gap-3 rounded-lg border p-4" aria-label={subscription.name}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <span className="font-medium">{subscription.name}</span>
          <span className="text-muted-foreground text-sm">
            {describeReportFilter(subscription.filter, subscription.filterNames)}
          </span>
          <span className="text-muted-foreground text-sm">
            <Badge variant="secondary" className="mr-2">
              {REPORT_CADENCE_LABELS[subscription.cadence]}
            </Badge>
            {REPORT_CADENCE_SCHEDULES[subscription.cadence].replace(/^./, (first) => first.toUpperCase())}
            {last && ` · last: ${reportDeliveryResult(last).toLowerCase()} (${last.period})`}
          </span>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" aria-expanded={showLog} onClick={() => setShowLog(!showLog)}>
            {showLog ? 'Hide deliveries' : 'Deliveries'}
          </Button>
          <Button variant="outline" size="sm" onClick={() => onCancel(subscription)}>
            Cancel<span className="sr-only"> {subscription.name}</span>
          </Button>
        </div>
      </div>
      {showLog && <DeliveryLog subscription={subscription} />}
    </li>
  );
}

/** The user's report subscriptions on the Reports page, each with its delivery log and Cancel. */
export function ReportSubscriptionsList() {
  const subscriptions = useReportSubscriptions();
  const cancel = useCancelReportSubscription();
  const [cancelling, setCancelling] = useState<ReportSubscription | null>(null);
  if (!subscriptions.data?.length) return null;
  return (
    <section aria-labelledby="report-subscriptions-title" className="grid gap-3 print:hidden">
      <h2 id="report-subscriptions-title" className="text-lg font-semibold">
        My report subscriptions
      </h2>
      <ul className="grid gap-3">
        {subscriptions.data.map((subscription) => (
          <SubscriptionItem key={subscription.id} subscription={subscription} onCancel={setCancelling} />
        ))}
      </ul>
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title="Cancel this subscription?"
        description={`“${cancelling?.name ?? ''}” will no longer be emailed to you.`}
        confirmLabel="Cancel subscription"
        destructive
        pending={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(cancelling!.id, {
            onSuccess: () => {
              toast({
                title: 'Subscription cancelled',
                description: `“${cancelling!.name}” will not be sent again.`,
              });
              setCancelling(null);
            },
            onError: (error) =>
              toast({ variant: 'destructive', title: 'Could not cancel', description: error.message }),
          })
        }
      />
    </section>
  );
}
