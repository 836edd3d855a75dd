import { Page } from '../../components/layout/page';
import { BugReports } from '../../features/support';
import { ROUTE_PERMISSIONS } from '../route-permissions';

const TITLE = ROUTE_PERMISSIONS.bugReports.title;

/** Bug Reports (PRODUCT.md §6): administrators triage what users reported; the server refuses others. */
export function BugReportsPage() {
  return (
    <Page title={TITLE} description="Problems users reported from the Help page, to triage and see through.">
      <BugReports />
    </Page>
  );
}
