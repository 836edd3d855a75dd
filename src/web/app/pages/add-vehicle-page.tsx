import { Page } from '../../components/layout/page';
import { Spinner } from '../../components/ui/spinner';
import { personName } from '../../components/user-avatar';
import { useUserCompanies } from '../../features/auth';
import { AddClaimForm } from '../../features/claims';
import { ROUTE_PERMISSIONS } from '../route-permissions';
import { useSession } from '../session';

const TITLE = ROUTE_PERMISSIONS.addClaim.title;

function Loading() {
  return (
    <div className="flex justify-center py-24">
      <Spinner className="text-muted-foreground size-8" />
    </div>
  );
}

/**
 * Add Claim (PRODUCT.md §6): pick or add the vehicle, then record the claim; it opens on its own page.
 * Needs `vehicles.create` (managers and admins); the server refuses everyone else too.
 */
export function AddVehiclePage() {
  const { user, can } = useSession();
  const companies = useUserCompanies();

  return (
    <Page
      title={TITLE}
      description="Open a repair claim for a damaged or broken-down vehicle."
      back={{ href: '/vehicles', label: 'All Claims' }}
      className="max-w-3xl"
    >
      {companies.isPending ? (
        <Loading />
      ) : companies.data?.length === 0 ? (
        <p className="bg-card text-muted-foreground rounded-xl border p-6 text-center">
          You are not linked to any company yet, so there is no vehicle to open a claim for. Ask an
          administrator to add you to your company.
        </p>
      ) : (
        <AddClaimForm
          companies={companies.data ?? []}
          currentUser={{ id: user.id, name: personName(user), username: user.username }}
          canListUsers={can('users.view')}
        />
      )}
    </Page>
  );
}
