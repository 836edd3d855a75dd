import { CircleHelpIcon } from 'lucide-react';

import { UpcomingScreen } from '../../components/upcoming-screen';

export function HelpPage() {
  return (
    <UpcomingScreen title="Help" icon={<CircleHelpIcon />}>
      How-to guides for each part of FleetClaims, answers to common questions, and a form to report a bug.
    </UpcomingScreen>
  );
}
