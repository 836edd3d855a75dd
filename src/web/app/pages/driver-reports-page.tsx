import { Page } from '../../components/layout/page';
import { DriverReports } from '../../features/driver-reports';
import { ROUTE_PERMISSIONS } from '../route-permissions';

const TITLE = ROUTE_PERMISSIONS.driverReports.title;

/**
 * Driver Reports (issue 32): what drivers reported from their vehicles' QR codes, for the managers of the
 * vehicles' companies to open a claim from, attach to a claim or dismiss. The server lists each manager's
 * companies only, and refuses who may not add claims.
 */
export function DriverReportsPage() {
  return (
    <Page
      title={TITLE}
      description="Accidents, damage and breakdowns drivers reported from their vehicles: open a claim from each, attach it to an open claim, or dismiss it."
      className="max-w-4xl"
    >
      <DriverReports />
    </Page>
  );
}
