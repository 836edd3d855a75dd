import { CarIcon } from 'lucide-react';

import { UpcomingScreen } from '../../components/upcoming-screen';

export function VehicleDetailsPage() {
  return (
    <UpcomingScreen title="Claim Details" icon={<CarIcon />}>
      A claim's full story: status and allowed next steps, estimates, authorizations, photos and documents,
      notes, history and the vehicle's other claims.
    </UpcomingScreen>
  );
}
