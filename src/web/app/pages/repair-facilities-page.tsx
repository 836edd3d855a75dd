import { lazy, Suspense } from 'react';
import { PlusIcon } from 'lucide-react';
import { useSearchParams } from 'wouter';

import { Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { RepairFacilities, RepairFacilityFormDialog } from '../../features/fleet';
import { useCreateDialogParam } from '../../hooks/use-create-dialog-param';
import { ROUTE_PERMISSIONS } from '../route-permissions';
import { useSession } from '../session';

const TITLE = ROUTE_PERMISSIONS.repairFacilities.title;

// The CCC tab (upload, inbox, import log) loads when it is shown: most visits are for the list (issue 30).
const CccIntegration = lazy(() => import('../../features/ccc').then((m) => ({ default: m.CccIntegration })));

type Tab = 'facilities' | 'ccc';

/**
 * Repair facilities, the sidebar's "CCC Integration" (spec §2). Everyone who sees claims may read the list;
 * admins manage it. Whoever may edit claims also has the CCC tab (`?tab=ccc`): upload CCC ONE estimates, the
 * import log and, for who may configure it, the inbox folder. Each tab keeps its own filters in the address.
 */
export function RepairFacilitiesPage() {
  const { can } = useSession();
  // `?new=1` opens the form: the setup checklist links straight to it.
  const [creating, setCreating] = useCreateDialogParam();
  const [params, setParams] = useSearchParams();

  const canManage = can('facilities.manage');
  const canImport = can('vehicles.edit');
  const tab: Tab = canImport && params.get('tab') === 'ccc' ? 'ccc' : 'facilities';

  const facilities = <RepairFacilities canManage={canManage} />;
  return (
    <Page
      title={TITLE}
      description="The body shops and mechanics that repair the fleets’ vehicles, with what each has in its bays now, and the CCC ONE estimates imported onto claims."
      actions={
        canManage &&
        tab === 'facilities' && (
          <Button onClick={() => setCreating(true)}>
            <PlusIcon aria-hidden="true" />
            Create facility
          </Button>
        )
      }
    >
      {canImport ? (
        <Tabs
          value={tab}
          // A tab's filters mean nothing to the other: switching starts from a clean address.
          onValueChange={(next) => setParams(next === 'ccc' ? { tab: 'ccc' } : {})}
          className="gap-4"
        >
          <TabsList aria-label="Repair facilities and CCC">
            <TabsTrigger value="facilities">Facilities</TabsTrigger>
            <TabsTrigger value="ccc">CCC ONE imports</TabsTrigger>
          </TabsList>
          <TabsContent value="facilities">{tab === 'facilities' && facilities}</TabsContent>
          <TabsContent value="ccc">
            {tab === 'ccc' && (
              <Suspense
                fallback={
                  <div aria-busy="true" className="flex justify-center py-8">
                    <Spinner className="text-muted-foreground size-6" aria-label="Loading CCC ONE imports" />
                  </div>
                }
              >
                <CccIntegration canConfigure={can('system.ccc.configure')} />
              </Suspense>
            )}
          </TabsContent>
        </Tabs>
      ) : (
        facilities
      )}
      <RepairFacilityFormDialog open={canManage && creating} facility={null} onOpenChange={setCreating} />
    </Page>
  );
}
