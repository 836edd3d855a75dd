import { Page } from '../../components/layout/page';
import { Spinner } from '../../components/ui/spinner';
import { useAuthorization } from '../../features/auth';
import { DashboardOverview } from '../../features/dashboard';

/** The dashboard (PRODUCT.md §6): everyone's landing page, over the claims of their companies. */
export function DashboardPage() {
  const { can, isLoading } = useAuthorization();
  return (
    <Page
      title="Dashboard"
      description="Your companies’ claims at a glance: what is open, down, late or waiting on you."
      className="max-w-[96rem]"
    >
      {isLoading ? (
        <div className="flex justify-center py-24">
          <Spinner className="text-muted-foreground size-8" />
        </div>
      ) : (
        <DashboardOverview
          canCreateClaims={can('vehicles.create')}
          canManageCompanies={can('companies.manage')}
        />
      )}
    </Page>
  );
}
