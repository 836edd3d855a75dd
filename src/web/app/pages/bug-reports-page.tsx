import { BugIcon } from 'lucide-react';

import { UpcomingScreen } from '../../components/upcoming-screen';

export function BugReportsPage() {
  return (
    <UpcomingScreen title="Bug Reports" icon={<BugIcon />}>
      Problems reported by users, with the page and browser they were on, to triage and follow through to
      resolution.
    </UpcomingScreen>
  );
}
