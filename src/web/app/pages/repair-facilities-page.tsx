import { useState } from 'react';
import { PlusIcon } from 'lucide-react';

import { AccessDenied } from '../../components/access-denied';
import { Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useAuthorization } from '../../features/auth';
import { CccImportNotice, RepairFacilities, RepairFacilityFormDialog } from '../../features/fleet';
import { useDocumentTitle } from '../../hooks/use-document-title';

const TITLE = 'Repair Facilities';

function NoAccess() {
  useDocumentTitle(TITLE);
  return <AccessDenied title={TITLE} audience="people who work with claims" />;
}

/**
 * Repair facilities, the sidebar's "CCC Integration" (spec §2). Everyone who sees claims may read the list;
 * admins manage it. The sidebar shows the entry to admins only, but a link or a typed address still lands
 * here, so the page decides for itself.
 */
export function RepairFacilitiesPage() {
  const { can, isLoading } = useAuthorization();
  const [creating, setCreating] = useState(false);

  if (isLoading) {
    return (
      <div className="flex justify-center py-24">
        <Spinner className="text-muted-foreground size-8" />
      </div>
    );
  }
  if (!can('vehicles.view')) return <NoAccess />;
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
