import { PlusIcon } from 'lucide-react';

import { Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { useUserCompanies } from '../../features/auth';
import { LocationFormDialog, Locations, useFleetListFilter } from '../../features/fleet';
import { useCreateDialogParam } from '../../hooks/use-create-dialog-param';
import { ROUTE_PERMISSIONS } from '../route-permissions';
import { useSession } from '../session';

const TITLE = ROUTE_PERMISSIONS.locations.title;

/** Locations (PRODUCT.md §6): of every company for admins, who manage them; of their companies for managers. */
export function LocationsPage() {
  const { can } = useSession();
  // For an admin, "the user's companies" are all companies: the choices of the filter and the form.
  const userCompanies = useUserCompanies();
  const companies = userCompanies.data ?? [];
  const { filter } = useFleetListFilter(['companyId']);
  // `?new=1` opens the form (`&companyId=…` with that company chosen): a company's sheet and the setup
  // checklist link straight to it. It opens once the companies are known, so a single one is preselected.
  const [creating, setCreating] = useCreateDialogParam();

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
      <Locations companies={companies} canManage={canManage} canPrintCards={can('vehicles.edit')} />
      <LocationFormDialog
        open={canManage && creating && userCompanies.isSuccess}
        location={null}
        companies={companies}
        companyId={filter.companyId}
        onOpenChange={setCreating}
      />
    </Page>
  );
}
