import { useState } from 'react';
import { PlusIcon } from 'lucide-react';

import { AccessDenied } from '../../components/access-denied';
import { Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useUserCompanies, useAuthorization } from '../../features/auth';
import { LocationFormDialog, Locations, useFleetListFilter } from '../../features/fleet';
import { useDocumentTitle } from '../../hooks/use-document-title';

const TITLE = 'Locations';

function NoAccess() {
  useDocumentTitle(TITLE);
  return <AccessDenied title={TITLE} audience="administrators and managers" />;
}

/** Locations (PRODUCT.md §6): of every company for admins, who manage them; of their companies for managers. */
export function LocationsPage() {
  const { can, isLoading } = useAuthorization();
  const allowed = can('locations.dashboard');
  // For an admin, "the user's companies" are all companies: the choices of the filter and the form.
  const companies = useUserCompanies({ enabled: allowed }).data ?? [];
  const { filter } = useFleetListFilter(['companyId']);
  const [creating, setCreating] = useState(false);

  if (isLoading) {
    return (
      <div className="flex justify-center py-24">
        <Spinner className="text-muted-foreground size-8" />
      </div>
    );
  }
  if (!allowed) return <NoAccess />;
  const canManage = can('locations.manage');

  return (
    <Page
      title={TITLE}
      description="Where the fleets' vehicles are based, with what each location has open and down right now."
      actions={
        canManage && (
          <Button onClick={() => setCreating(true)}>
            <PlusIcon aria-hidden="true" />
            Create location
          </Button>
        )
      }
    >
      <Locations companies={companies} canManage={canManage} />
      <LocationFormDialog
        open={creating}
        location={null}
        companies={companies}
        companyId={filter.companyId}
        onOpenChange={setCreating}
      />
    </Page>
  );
}
