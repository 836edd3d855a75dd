import { FolderInputIcon, Loader2Icon, RefreshCwIcon } from 'lucide-react';
import type { CccInbox } from '@shared/ccc';

import { DetailList, ListLoadError } from '../../../components/data-list';
import { Button } from '../../../components/ui/button';
import { CardHeading } from '../../../components/card-heading';
import { Card, CardContent } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../hooks/use-toast';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-relative-time';
import { useScanCccInboxMutation } from '../api/ccc-api';
import type { UseQueryResult } from '@tanstack/react-query';

const every = (ms: number) =>
  ms % 60_000 === 0 ? `${ms / 60_000} min` : ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;

function lastRun(inbox: CccInbox) {
  if (!inbox.lastRunAt) return 'Not looked at yet';
  const when = (
    <time dateTime={inbox.lastRunAt} title={formatDateTime(inbox.lastRunAt)}>
      {formatRelativeTime(inbox.lastRunAt)}
    </time>
  );
  return (
    <>
      {when}
      {inbox.lastRunStatus && ` · ${inbox.lastRunStatus}`}
    </>
  );
}

/**
 * The inbox folder another program drops CCC files into (`system.ccc.configure`): where it is, whether it
 * exists, what waits, was processed or failed, when it was last looked at, and "Scan now".
 */
export function CccInboxCard({ inbox }: { inbox: UseQueryResult<CccInbox> }) {
  const scan = useScanCccInboxMutation();
  const data = inbox.data;
  return (
    <Card>
      <CardHeading
        title="Inbox folder"
        description={
          <>Files dropped here by another program are imported once, then moved to processed/ or failed/.</>
        }
        action={
          <>
            <Button
              variant="outline"
              size="sm"
              disabled={scan.isPending || !data}
              onClick={() =>
                scan.mutate(undefined, {
                  onSuccess: (answer) => toast({ title: answer.message }),
                  onError: (error) =>
                    toast({
                      variant: 'destructive',
                      title: 'Could not scan the inbox',
                      description: error.message,
                    }),
                })
              }
            >
              {scan.isPending ? (
                <Loader2Icon className="animate-spin" aria-hidden="true" />
              ) : (
                <RefreshCwIcon aria-hidden="true" />
              )}
              Scan now
            </Button>
          </>
        }
      />
      <CardContent>
        {inbox.isPending || (!inbox.isError && !data) ? (
          <div className="grid gap-2" aria-label="Loading the inbox folder" role="status">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        ) : inbox.isError || !data ? (
          <ListLoadError
            title="Could not load the inbox folder"
            message={inbox.error?.message ?? 'The inbox folder could not be read'}
            retrying={inbox.isFetching}
            onRetry={() => void inbox.refetch()}
          />
        ) : (
          <DetailList
            rows={[
              {
                label: 'Folder',
                value: (
                  <span className="flex items-start gap-1.5 font-mono text-xs break-all">
                    <FolderInputIcon className="mt-px size-4 shrink-0" aria-hidden="true" />
                    {data.path}
                  </span>
                ),
              },
              {
                label: 'State',
                value: data.exists
                  ? `Watched every ${every(data.pollEveryMs)}`
                  : 'The folder does not exist yet: it is created on the first scan',
              },
              { label: 'Waiting', value: String(data.waiting) },
              { label: 'Processed', value: String(data.processed) },
              { label: 'Failed', value: String(data.failed) },
              { label: 'Last looked at', value: lastRun(data) },
            ]}
          />
        )}
      </CardContent>
    </Card>
  );
}
