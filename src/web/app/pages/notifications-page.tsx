import { BellIcon } from 'lucide-react';

import { UpcomingScreen } from '../../components/upcoming-screen';

export function NotificationsPage() {
  return (
    <UpcomingScreen title="Notifications" icon={<BellIcon />}>
      Every notification sent to you, such as mentions, assignments and status changes, with a filter for
      unread ones.
    </UpcomingScreen>
  );
}
