import { Page } from '../../components/layout/page';
import { FleetDashboardView } from '../../features/reports';

/**
 * The Fleet Dashboard (PRODUCT.md §6, issue 14): one company's vehicles down now, downtime, spend and returns.
 * The sidebar shows it by spec §6's rule; the server enforces the same rule (403 for anyone else).
 */
export function FleetDashboardPage() {
  return (
    <Page
      title="Fleet Dashboard"
      description="Your fleet today: what is down, for how long, what it costs and what comes back this week."
      className="max-w-[96rem] print:max-w-none print:p-0"
    >
      <FleetDashboardView />
    </Page>
  );
}
