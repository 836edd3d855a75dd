import { Building2Icon } from 'lucide-react';

import { UpcomingScreen } from '../../components/upcoming-screen';

export function CompaniesPage() {
  return (
    <UpcomingScreen title="Companies" icon={<Building2Icon />}>
      The fleet companies you work with, each with its open claims, downtime and spend.
    </UpcomingScreen>
  );
}
