import { useState } from 'react';
import { Loader2Icon, RefreshCwIcon } from 'lucide-react';
import { syncNowBlocker, type TekmetricShop } from '@shared/tekmetric';

import { ListLoadError } from '../../../components/data-list';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../hooks/use-toast';
import { useShopMappings, useSyncLog, useSyncNow, useTekmetricSettings } from '../api/tekmetric-api';
import { ConnectionCard } from './connection-card';
import { ShopsCard } from './shops-card';
import { SyncLogCard } from './sync-log-card';

const SYNC_BLOCKER_ID = 'tekmetric-sync-blocker';

/**
 * "Sync now": queues a sync of every mapped shop (the job runner runs it in a moment). Off, with the reason beside it,
 * while a sync cannot work: no SECRETS_KEY on the server, no credentials saved, no shop mapped.
 */
export function SyncNowButton() {
  const sync = useSyncNow();
  const log = useSyncLog();
  const settings = useTekmetricSettings();
  const mappings = useShopMappings();
  const blocker = settings.data && mappings.data ? syncNowBlocker(settings.data, mappings.data.length) : null;
  const busy = sync.isPending || !!log.data?.syncInProgress;
  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        disabled={busy || blocker !== null}
        aria-describedby={blocker ? SYNC_BLOCKER_ID : undefined}
        onClick={() =>
          sync.mutate(undefined, {
            onSuccess: (answer) => toast({ title: 'Sync now', description: answer.message }),
            onError: (error) =>
              toast({ variant: 'destructive', title: 'Could not start a sync', description: error.message }),
          })
        }
      >
        {busy ? (
          <Loader2Icon className="animate-spin" aria-hidden="true" />
        ) : (
          <RefreshCwIcon aria-hidden="true" />
        )}
        {log.data?.syncInProgress ? 'Syncing…' : 'Sync now'}
      </Button>
      {blocker && (
        <p id={SYNC_BLOCKER_ID} className="text-muted-foreground max-w-xs text-right text-sm">
          {blocker}
        </p>
      )}
    </div>
  );
}

/** /tekmetric-admin: the connection, the shop mapping and the sync log. */
export function TekmetricAdmin() {
  const settings = useTekmetricSettings();
  const mappings = useShopMappings();
  const [shops, setShops] = useState<TekmetricShop[] | null>(null);

  if (settings.isError || mappings.isError) {
    const error = settings.error ?? mappings.error;
    return (
      <ListLoadError
        title="Could not load the Tekmetric settings"
        message={error?.message ?? ''}
        retrying={settings.isFetching || mappings.isFetching}
        onRetry={() => {
          void settings.refetch();
          void mappings.refetch();
        }}
      />
    );
  }
  if (settings.isPending || mappings.isPending) {
    return (
      <div className="grid gap-6" role="status" aria-busy="true" aria-label="Loading the Tekmetric settings">
        <Skeleton className="h-72 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  return (
    <div className="grid gap-6">
      <ConnectionCard
        settings={settings.data}
        onTested={(result) => setShops(result.ok ? result.shops : null)}
      />
      <ShopsCard shops={shops} mappings={mappings.data} />
      <SyncLogCard />
    </div>
  );
}
