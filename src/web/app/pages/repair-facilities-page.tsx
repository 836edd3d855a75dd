import { FileInputIcon } from 'lucide-react';

import { UpcomingScreen } from '../../components/upcoming-screen';

export function RepairFacilitiesPage() {
  return (
    <UpcomingScreen title="CCC Integration" icon={<FileInputIcon />}>
      Repair facilities and their performance, and the import of CCC ONE estimate files into claims, with a
      log of every import.
    </UpcomingScreen>
  );
}
