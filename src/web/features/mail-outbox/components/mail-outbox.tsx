import { Loader2Icon, MailCheckIcon, SendIcon } from 'lucide-react';
import {
  listOutboxQuerySchema,
  OUTBOX_STATUS_LABELS,
  OUTBOX_STATUSES,
  type OutboxMail,
} from '@shared/mail-outbox';

import {
  DataTable,
  DataTableSkeleton,
  FilterSelect,
  ListFrame,
  ListToolbar,
  SearchBox,
  useUrlFilters,
  type DataColumn,
} from '../../../components/data-list';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-relative-time';
import { cn } from '../../../lib/utils';
import { OUTBOX_PAGE_SIZE, useOutbox, type OutboxFilter } from '../api/get-outbox';
import { useResendMailMutation } from '../api/resend-mail';
import { MailBodyDialog } from './mail-body-dialog';

/** Held mail waits for a mail server (amber); failed mail was refused (red, at 4.5:1 or more). */
const STATUS_TONES: Record<string, string> = {
  held: 'border-amber-300 bg-amber-50 text-amber-900',
  failed: 'border-red-200 bg-red-50 text-red-700',
};

function StatusBadge({ status }: { status: OutboxMail['status'] }) {
  const label = status === 'held' || status === 'failed' ? OUTBOX_STATUS_LABELS[status] : status;
  return (
    <Badge variant="outline" className={cn('whitespace-nowrap', STATUS_TONES[status])}>
      {label}
    </Badge>
  );
}

/** "welcome" → "Welcome", "claim_status_changed" → "Claim status changed". */
const templateName = (key: string) => {
  const words = key.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function ResendButton({ mail }: { mail: OutboxMail }) {
  const mutation = useResendMailMutation();
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={mutation.isPending}
      aria-label={`Resend “${mail.subject}” to ${mail.to}`}
      onClick={() => mutation.mutate(mail.id)}
    >
      {mutation.isPending ? (
        <Loader2Icon className="animate-spin" aria-hidden="true" />
      ) : (
        <SendIcon aria-hidden="true" />
      )}
      Resend
    </Button>
  );
}

const muted = (text: string) => <span className="text-muted-foreground">{text}</span>;

const COLUMNS: readonly DataColumn<OutboxMail>[] = [
  {
    id: 'mail',
    header: 'Recipient and subject',
    className: 'pl-4',
    cellClassName: 'max-w-0 min-w-48 sm:min-w-64',
    skeleton: ['h-4 w-40', 'h-3 w-56'],
    cell: (mail) => (
      <>
        <p className="truncate font-medium">{mail.to}</p>
        <p className="text-muted-foreground truncate text-xs" title={mail.subject}>
          {mail.subject}
        </p>
      </>
    ),
  },
  {
    id: 'template',
    header: 'Template',
    className: 'hidden lg:table-cell',
    skeleton: ['h-4 w-24'],
    cell: (mail) => (mail.templateKey ? templateName(mail.templateKey) : muted('—')),
  },
  {
    id: 'status',
    header: 'Status',
    skeleton: ['h-5 w-20'],
    cell: (mail) => <StatusBadge status={mail.status} />,
  },
  {
    id: 'attempts',
    header: 'Attempts',
    className: 'hidden sm:table-cell text-right',
    skeleton: ['ml-auto h-4 w-6'],
    cell: (mail) => mail.attempts,
  },
  {
    id: 'error',
    header: 'Last error',
    className: 'hidden xl:table-cell',
    headerClassName: 'w-full',
    cellClassName: 'text-muted-foreground max-w-0 truncate',
    skeleton: ['h-4 w-48'],
    cell: (mail) => (mail.lastError ? <span title={mail.lastError}>{mail.lastError}</span> : muted('None')),
  },
  {
    id: 'created',
    header: 'Created',
    className: 'hidden md:table-cell',
    cellClassName: 'text-muted-foreground whitespace-nowrap',
    skeleton: ['h-4 w-20'],
    cell: (mail) => (
      <time dateTime={mail.createdAt} title={formatDateTime(mail.createdAt)}>
        {formatRelativeTime(mail.createdAt)}
      </time>
    ),
  },
  {
    id: 'actions',
    header: <span className="sr-only">Actions</span>,
    className: 'pr-4 text-right',
    skeleton: ['ml-auto h-8 w-20'],
    cell: (mail) => (
      <div className="flex justify-end gap-1">
        <MailBodyDialog mail={mail} />
        <ResendButton mail={mail} />
      </div>
    ),
  },
];

const FILTER_SCHEMA = listOutboxQuerySchema.omit({ pageSize: true });

/**
 * The outbox (PRODUCT.md §7): mail kept because no mail server is configured, or given up on after its
 * retries, newest first, with search, status and paging; each can be sent again.
 */
export function MailOutbox() {
  const { filter: parsed, setFilter, clearFilters, filtered } = useUrlFilters(FILTER_SCHEMA);
  const filter = parsed as OutboxFilter;
  const query = useOutbox(filter);
  const columns = COLUMNS;

  return (
    <div className="grid gap-4">
      <ListToolbar label="Filter the outbox" filtered={filtered} onClear={clearFilters}>
        <SearchBox
          value={filter.search ?? ''}
          label="Search the outbox"
          placeholder="Search recipient or subject"
          onSearch={(search) => setFilter({ search })}
        />
        <FilterSelect
          label="Status"
          allLabel="Held or failed"
          value={filter.status}
          options={OUTBOX_STATUSES.map((status) => ({ value: status, label: OUTBOX_STATUS_LABELS[status] }))}
          className="w-full sm:w-[13rem]"
          onChange={(status) => setFilter({ status })}
        />
      </ListToolbar>
      <ListFrame
        query={query}
        noun={['mail', 'mails']}
        pageSize={OUTBOX_PAGE_SIZE}
        icon={<MailCheckIcon />}
        skeleton={<DataTableSkeleton label="Loading the outbox" columns={columns} />}
        filtered={filtered}
        messages={{
          loadError: 'The outbox could not be loaded',
          pastEnd: 'There is no mail on this page',
          noMatch: 'No mail matches these filters',
          none: 'No held or failed mail',
        }}
        emptyText="Every mail went out. Mail kept because no mail server is configured (SMTP_URL), or refused by it after its retries, shows up here to send again."
        onClear={clearFilters}
        onPageChange={(page) => setFilter({ page })}
      >
        {(items) => (
          <DataTable label="Held and failed mail" columns={columns} rows={items} rowId={(mail) => mail.id} />
        )}
      </ListFrame>
    </div>
  );
}
