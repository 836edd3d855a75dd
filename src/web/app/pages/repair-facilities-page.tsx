import { useState } from 'react';
import { PlusIcon } from 'lucide-react';

import { Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { CccImportNotice, RepairFacilities, RepairFacilityFormDialog } from '../../features/fleet';
import { ROUTE_PERMISSIONS } from '../route-permissions';
import { useSession } from '../session';

const TITLE = ROUTE_PERMISSIONS.repairFacilities.title;

/**
 * Repair facilities, the sidebar's "CCC Integration" (spec §2). Everyone who sees claims may read the list;
 * admins manage it. The sidebar shows the entry to admins only, but a link or a typed address still lands
 * here, so the page decides for itself.
 */
export function RepairFacilitiesPage() {
  const { can } = useSession();
  const [creating, setCreating] = useState(false);

  const canManage = can('facilities.manage');

  return (
    <Page
      title={TITLE}
      description="The body shops and mechanics that repair the fleets’ vehicles, with what each has in its bays now."
      actions={
        canManage && (
          <Button onClick={() => setCreating(true)}>
            <PlusIcon aria-hidden="true" />
            Create facility
          </Button>
        )
      }
    >
      <div className="grid gap-6">
        {can('system.ccc.configure') && <CccImportNotice />}
        <RepairFacilities canManage={canManage} />
      </div>
      <RepairFacilityFormDialog open={creating} facility={null} onOpenChange={setCreating} />
    </Page>
  );
}
