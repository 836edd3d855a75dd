import { Page } from '../../components/layout/page';
import { personName } from '../../components/user-avatar';
import { useUserCompanies } from '../../features/auth';
import { ReportsView } from '../../features/reports';
import { useSession } from '../session';

/**
 * Reports (PRODUCT.md §6, issue 14): claim volume, cycle time and downtime, time in each status, cost, top
 * vehicles, mechanical authorizations and the repair facility scorecard. Admins see every company, everyone
 * else their own (the server decides). Its own route chunk: the charts load only here.
 */
export function ReportsPage() {
  const { user, can } = useSession();
  const companies = useUserCompanies().data ?? [];
  return (
    <Page
      title="Reports"
      description="The numbers of your fleet's claims for a period: every figure opens the claims it counts."
      className="max-w-[96rem]"
    >
      <ReportsView
        companies={companies}
        currentUser={{ id: user.id, name: personName(user), username: user.username }}
        canListLocations={can('locations.dashboard')}
      />
    </Page>
  );
}
