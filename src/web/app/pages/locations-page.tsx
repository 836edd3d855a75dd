import { MapPinIcon } from 'lucide-react';

import { UpcomingScreen } from '../../components/upcoming-screen';

export function LocationsPage() {
  return (
    <UpcomingScreen title="Locations" icon={<MapPinIcon />}>
      Where your vehicles are based, each with its open claims, downtime and spend.
    </UpcomingScreen>
  );
}
