import { SquareKanbanIcon } from 'lucide-react';

import { UpcomingScreen } from '../../components/upcoming-screen';

export function ClaimManagerPage() {
  return (
    <UpcomingScreen title="Claim Manager" icon={<SquareKanbanIcon />}>
      A board of open claims in columns by status, to move claims forward and spot the ones that have stalled.
    </UpcomingScreen>
  );
}
