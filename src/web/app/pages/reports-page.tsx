import { ChartColumnIcon } from 'lucide-react';

import { UpcomingScreen } from '../../components/upcoming-screen';

export function ReportsPage() {
  return (
    <UpcomingScreen title="Reports" icon={<ChartColumnIcon />}>
      Claim volume, cycle time, downtime and spend by company, location, workflow and repair facility, with
      CSV and PDF export.
    </UpcomingScreen>
  );
}
