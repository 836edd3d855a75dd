import { FilePlus2Icon } from 'lucide-react';

import { UpcomingScreen } from '../../components/upcoming-screen';

export function AddVehiclePage() {
  return (
    <UpcomingScreen title="Add Claim" icon={<FilePlus2Icon />}>
      Open a claim for a vehicle: pick the vehicle or add it by VIN, then record what happened, where it is
      and who is handling it.
    </UpcomingScreen>
  );
}
