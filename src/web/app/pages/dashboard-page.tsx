import { Page } from '../../components/layout/page';
import { DashboardOverview, SetupChecklist, useSetupChecklistState } from '../../features/dashboard';
import { useSession } from '../session';

/** The dashboard (PRODUCT.md §6): everyone's landing page, over the claims of their companies. */
export function DashboardPage() {
  const { user, can } = useSession();
  const setup = useSetupChecklistState({ userId: user.id, enabled: can('system.settings.manage') });
  return (
    <Page
      title="Dashboard"
      description="Your companies’ claims at a glance: what is open, down, late or waiting on you."
      className="max-w-[96rem]"
    >
      <div className="grid gap-4">
        <SetupChecklist state={setup} />
        <DashboardOverview
          canCreateClaims={can('vehicles.create')}
          canManageCompanies={can('companies.manage')}
          // The checklist already says what to add first: no second "Add a company" or "Add a claim".
          startHints={!setup.visible && !setup.pending}
        />
      </div>
    </Page>
  );
}
