import { PlusIcon } from 'lucide-react';

import { Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { Companies, CompanyFormDialog } from '../../features/fleet';
import { useCreateDialogParam } from '../../hooks/use-create-dialog-param';
import { ROUTE_PERMISSIONS } from '../route-permissions';
import { useSession } from '../session';

const TITLE = ROUTE_PERMISSIONS.companies.title;

/** Companies (PRODUCT.md §6): admins see and manage all; managers see their own companies. */
export function CompaniesPage() {
  const { can } = useSession();
  // `?new=1` opens the form: the setup checklist links straight to it.
  const [creating, setCreating] = useCreateDialogParam();

  const canManage = can('companies.manage');

  return (
    <Page
      title={TITLE}
      description={
        canManage
          ? 'The fleets you repair vehicles for, with what each has open and down right now.'
          : 'Your companies, with what each has open and down right now.'
      }
      actions={
        canManage && (
          <Button onClick={() => setCreating(true)}>
            <PlusIcon aria-hidden="true" />
            Create company
          </Button>
        )
      }
    >
      <Companies
        canManage={canManage}
        canSeeLocations={can('locations.dashboard')}
        canAddLocations={can('locations.manage')}
      />
      <CompanyFormDialog open={canManage && creating} company={null} onOpenChange={setCreating} />
    </Page>
  );
}
