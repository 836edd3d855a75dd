import { useState } from 'react';
import { SYNC_TRIGGER_LABELS, type SyncLogEntry } from '@shared/tekmetric';

import {
  DataTable,
  DataTableSkeleton,
  DetailList,
  DetailSheet,
  ListLoadError,
  useLastShown,
  type DataColumn,
} from '../../../components/data-list';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-relative-time';
import { useSyncLog } from '../api/tekmetric-api';

const formatDuration = (ms: number) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);
const shopName = (entry: SyncLogEntry) =>
  entry.facilityName ? `${entry.facilityName} (#${entry.shopId})` : `Shop #${entry.shopId}`;

function StatusBadge({ entry }: { entry: SyncLogEntry }) {
  if (entry.status === 'failed') return <Badge variant="destructive">Failed</Badge>;
  if (entry.errors.length) return <Badge variant="outline">{entry.errors.length} RO errors</Badge>;
  return <Badge variant="secondary">Succeeded</Badge>;
}

const COLUMNS: DataColumn<SyncLogEntry>[] = [
  {
    id: 'when',
    header: 'When',
    cell: (entry) => <time dateTime={entry.startedAt}>{formatRelativeTime(entry.startedAt)}</time>,
    skeleton: ['h-4 w-20'],
  },
  {
    id: 'shop',
    header: 'Shop',
    cellClassName: 'whitespace-normal',
    cell: (entry) => shopName(entry),
    skeleton: ['h-4 w-32'],
  },
  {
    id: 'trigger',
    header: 'Trigger',
    className: 'hidden md:table-cell',
    cell: (entry) => SYNC_TRIGGER_LABELS[entry.trigger],
    skeleton: ['h-4 w-16'],
  },
  {
    id: 'fetched',
    header: 'ROs',
    className: 'text-right',
    cell: (entry) => entry.rosFetched,
    skeleton: ['h-4 w-6 ml-auto'],
  },
  {
    id: 'created',
    header: 'Created',
    className: 'hidden sm:table-cell text-right',
    cell: (entry) => entry.claimsCreated,
    skeleton: ['h-4 w-6 ml-auto'],
  },
  {
    id: 'updated',
    header: 'Updated',
    className: 'hidden sm:table-cell text-right',
    cell: (entry) => entry.claimsUpdated,
    skeleton: ['h-4 w-6 ml-auto'],
  },
  {
    id: 'skipped',
    header: 'Skipped',
    className: 'hidden lg:table-cell text-right',
    cell: (entry) => entry.skipped.length,
    skeleton: ['h-4 w-6 ml-auto'],
  },
  {
    id: 'duration',
    header: 'Duration',
    className: 'hidden lg:table-cell text-right',
    cell: (entry) => formatDuration(entry.durationMs),
    skeleton: ['h-4 w-12 ml-auto'],
  },
  { id: 'status', header: 'Result', cell: (entry) => <StatusBadge entry={entry} />, skeleton: ['h-5 w-20'] },
];

function RunSheet({ entry, onClose }: { entry: SyncLogEntry | null; onClose: () => void }) {
  const shown = useLastShown(entry);
  return (
    <DetailSheet
      open={entry !== null}
      onOpenChange={(open) => !open && onClose()}
      title={shown ? `Sync of ${shopName(shown)}` : 'Sync'}
      description={shown ? formatDateTime(shown.startedAt) : ''}
      className="overflow-y-auto"
    >
      {shown && (
        <div className="grid gap-6 px-4 pb-6">
          <DetailList
            rows={[
              { label: 'Result', value: <StatusBadge entry={shown} /> },
              { label: 'Trigger', value: SYNC_TRIGGER_LABELS[shown.trigger] },
              { label: 'Duration', value: formatDuration(shown.durationMs) },
              {
                label: 'Changed since',
                value: shown.updatedSince ? formatDateTime(shown.updatedSince) : 'Everything (first sync)',
              },
              { label: 'ROs fetched', value: String(shown.rosFetched) },
              { label: 'Claims created', value: String(shown.claimsCreated) },
              { label: 'Claims updated', value: String(shown.claimsUpdated) },
              { label: 'Unchanged', value: String(shown.unchanged) },
            ]}
          />
          <section className="grid gap-2">
            <h3 className="text-sm font-medium">Skipped ({shown.skipped.length})</h3>
            {shown.skipped.length === 0 ? (
              <p className="text-muted-foreground text-sm">None.</p>
            ) : (
              <ul className="grid gap-1.5 text-sm">
                {shown.skipped.map((item) => (
                  <li key={item.roId}>
                    <span className="font-medium">RO #{item.roNumber ?? item.roId}</span>{' '}
                    <span className="text-muted-foreground">(id {item.roId})</span>: {item.reason}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="grid gap-2">
            <h3 className="text-sm font-medium">Errors ({shown.errors.length})</h3>
            {shown.errors.length === 0 ? (
              <p className="text-muted-foreground text-sm">None.</p>
            ) : (
              <ul className="grid gap-1.5 text-sm">
                {shown.errors.map((item, index) => (
                  <li key={`${item.roId}-${index}`} className="break-words">
                    <span className="font-medium">{item.roId ? `RO id ${item.roId}` : 'Shop'}</span>:{' '}
                    {item.message}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </DetailSheet>
  );
}

/** Every sync, per run and shop, newest first; a row opens its details. */
export function SyncLogCard() {
  const log = useSyncLog();
  const [openId, setOpenId] = useState<string | null>(null);
  const open = log.data?.items.find((entry) => entry.id === openId) ?? null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Sync log</h2>
        </CardTitle>
        <CardDescription>
          {log.data?.syncInProgress
            ? 'A sync is waiting or running; this list updates by itself.'
            : 'Each sync of each shop: what was fetched, created, updated and skipped.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {log.isPending ? (
          <DataTableSkeleton label="Loading the sync log" columns={COLUMNS} rows={3} />
        ) : log.isError ? (
          <ListLoadError
            title="Could not load the sync log"
            message={log.error.message}
            retrying={log.isFetching}
            onRetry={() => void log.refetch()}
          />
        ) : log.data.items.length === 0 ? (
          <p className="text-muted-foreground text-sm">No sync yet.</p>
        ) : (
          <DataTable
            label="Sync log"
            columns={COLUMNS}
            rows={log.data.items}
            rowId={(entry) => entry.id}
            onOpen={(entry) => setOpenId(entry.id)}
          />
        )}
      </CardContent>
      <RunSheet entry={open} onClose={() => setOpenId(null)} />
    </Card>
  );
}
