import { useId, useState } from 'react';
import { FilePlusIcon, ReceiptTextIcon } from 'lucide-react';
import { Link } from 'wouter';
import { formatClaimNumber } from '@shared/claims';
import { formatCents } from '@shared/money';
import type { ReadyToInvoice } from '@shared/accounting';

import {
  DataTable,
  DataTableSkeleton,
  ListEmpty,
  ListLoadError,
  type DataColumn,
} from '../../../components/data-list';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { toast } from '../../../hooks/use-toast';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-relative-time';
import { useReadyToInvoice } from '../api/aging';
import { useCreateInvoiceMutation } from '../api/invoice-mutations';
import { Money } from './accounting-format';

type ReadyClaim = ReadyToInvoice['items'][number];
type LineMode = 'detailed' | 'summary';

const linkClass =
  'text-primary rounded-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50';

function columns(
  selected: ReadonlySet<string>,
  companyId: string | null,
  toggle: (claim: ReadyClaim) => void,
  canManage: boolean,
): DataColumn<ReadyClaim>[] {
  const choose: DataColumn<ReadyClaim> = {
    id: 'choose',
    header: <span className="sr-only">Choose</span>,
    className: 'w-10 pl-4',
    stopsRowClick: true,
    cell: (claim) => (
      <Checkbox
        aria-label={`Invoice ${formatClaimNumber(claim.number)}`}
        checked={selected.has(claim.id)}
        // One invoice bills one company: the others wait until the choice is cleared.
        disabled={companyId !== null && claim.companyId !== companyId}
        onCheckedChange={() => toggle(claim)}
      />
    ),
  };
  return [
    ...(canManage ? [choose] : []),
    {
      id: 'claim',
      header: 'Claim',
      skeleton: ['h-4 w-24'],
      cell: (claim) => (
        <span className="grid gap-0.5">
          <Link href={`/vehicles/${claim.id}`} className={linkClass}>
            {formatClaimNumber(claim.number)}
          </Link>
          <span className="text-muted-foreground text-xs sm:hidden">{claim.companyName}</span>
        </span>
      ),
    },
    {
      id: 'company',
      header: 'Company',
      className: 'hidden sm:table-cell',
      cellClassName: 'max-w-48 truncate',
      skeleton: ['h-4 w-28'],
      cell: (c) => c.companyName,
    },
    {
      id: 'vehicle',
      header: 'Vehicle',
      className: 'hidden lg:table-cell',
      cellClassName: 'max-w-64 truncate',
      skeleton: ['h-4 w-40'],
      cell: (c) => c.vehicle,
    },
    {
      id: 'completed',
      header: 'Completed',
      className: 'hidden md:table-cell',
      skeleton: ['h-4 w-20'],
      cell: (claim) =>
        claim.completedAt ? (
          <time dateTime={claim.completedAt} title={formatDateTime(claim.completedAt)}>
            {formatRelativeTime(claim.completedAt)}
          </time>
        ) : (
          '—'
        ),
    },
    {
      id: 'amount',
      header: 'Amount',
      className: 'pr-4 text-right',
      skeleton: ['ml-auto h-4 w-16'],
      cell: (claim) => (claim.amountCents === null ? '—' : <Money cents={claim.amountCents} />),
    },
  ];
}

/**
 * Completed or closed claims of the last 90 days on no invoice; choosing one or several of one company drafts
 * their invoice, one line per approved line or one summary line per claim.
 */
export function ReadyToInvoiceTab({
  canManage,
  onCreated,
}: {
  canManage: boolean;
  onCreated: (invoice: { id: string }) => void;
}) {
  const query = useReadyToInvoice();
  const create = useCreateInvoiceMutation();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [lineMode, setLineMode] = useState<LineMode>('detailed');
  const linesId = useId();
  const items = query.data?.items ?? [];
  const chosen = items.filter((claim) => selected.has(claim.id));
  const companyId = chosen[0]?.companyId ?? null;
  const toggle = (claim: ReadyClaim) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (next.has(claim.id)) next.delete(claim.id);
      else next.add(claim.id);
      return next;
    });
  const cols = columns(selected, companyId, toggle, canManage);
  const draft = () =>
    create.mutate(
      { claimIds: chosen.map((claim) => claim.id), lineMode },
      {
        onSuccess: (invoice) => {
          toast({
            title: 'Draft invoice created',
            description: `${invoice.companyName}: ${formatCents(invoice.totalCents)} for ${chosen.length === 1 ? formatClaimNumber(chosen[0]!.number) : `${chosen.length} claims`}.`,
          });
          setSelected(new Set());
          onCreated(invoice);
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Could not create the draft', description: error.message }),
      },
    );

  let body;
  if (query.isPending)
    body = <DataTableSkeleton label="Loading claims ready to invoice" columns={cols} rows={4} />;
  else if (query.isError)
    body = (
      <ListLoadError
        title="The claims could not be loaded"
        message={query.error.message}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  else if (items.length === 0)
    body = (
      <ListEmpty icon={<ReceiptTextIcon />} title="Every completed claim is invoiced">
        Claims completed or closed in the last 90 days show here until they are on an invoice.
      </ListEmpty>
    );
  else
    body = (
      <DataTable label="Claims ready to invoice" columns={cols} rows={items} rowId={(claim) => claim.id} />
    );

  return (
    <div className="grid gap-4">
      {canManage && (
        <div className="flex flex-wrap items-center gap-2">
          <Label htmlFor={linesId}>Invoice lines</Label>
          <Select value={lineMode} onValueChange={(value) => setLineMode(value as LineMode)}>
            <SelectTrigger id={linesId} className="w-full sm:w-72">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="detailed">One line per approved line</SelectItem>
              <SelectItem value="summary">One summary line per claim</SelectItem>
            </SelectContent>
          </Select>
          <Button disabled={chosen.length === 0 || create.isPending} onClick={draft}>
            <FilePlusIcon aria-hidden="true" />
            {chosen.length > 1 ? `Create draft for ${chosen.length} claims` : 'Create draft'}
          </Button>
          <p className="text-muted-foreground text-sm" aria-live="polite">
            {chosen.length === 0
              ? 'Choose claims of one company.'
              : `${chosen.length} chosen of ${chosen[0]!.companyName}.`}
          </p>
        </div>
      )}
      <div className="bg-card overflow-hidden rounded-xl border shadow-xs">{body}</div>
    </div>
  );
}
