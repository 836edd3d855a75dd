import { InboxIcon } from 'lucide-react';

import { UpcomingScreen } from '../../components/upcoming-screen';

export function ContactSubmissionsPage() {
  return (
    <UpcomingScreen title="Contact Submissions" icon={<InboxIcon />}>
      Messages sent from the public support page, to answer and close.
    </UpcomingScreen>
  );
}
