import { GaugeIcon } from 'lucide-react';

import { UpcomingScreen } from '../../components/upcoming-screen';

export function FleetDashboardPage() {
  return (
    <UpcomingScreen title="Fleet Dashboard" icon={<GaugeIcon />}>
      Vehicles down right now with their status and expected return, downtime, spend this year and claims per
      location.
    </UpcomingScreen>
  );
}
