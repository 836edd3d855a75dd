import { FilePlus2Icon } from 'lucide-react';
import { Link } from 'wouter';

import { Page } from '../../components/layout/page';
import { personName } from '../../components/user-avatar';
import { Button } from '../../components/ui/button';
import { useUserCompanies } from '../../features/auth';
import { ClaimsList } from '../../features/claims';
import { useSession } from '../session';

/**
 * All Claims (PRODUCT.md §6): every claim the user may see. The sidebar's search lands here as
 * /vehicles?search={text} (spec §2); viewers see the list but not "Add Claim".
 */
export function VehiclesPage() {
  const { user, can } = useSession();
  const companies = useUserCompanies().data ?? [];

  return (
    <Page
      title="All Claims"
      description="Search, filter and open every claim of your companies."
      className="max-w-[96rem]"
      actions={
        can('vehicles.create') && (
          <Button asChild>
            <Link href="/add-vehicle">
              <FilePlus2Icon aria-hidden="true" />
              Add Claim
            </Link>
          </Button>
        )
      }
    >
      <ClaimsList
        companies={companies}
        currentUser={{ id: user.id, name: personName(user), username: user.username }}
        canListLocations={can('locations.dashboard')}
        canListUsers={can('users.view')}
        canCreate={can('vehicles.create')}
      />
    </Page>
  );
}
