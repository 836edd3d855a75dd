import { Page } from '../../components/layout/page';
import { NotificationFeed } from '../../features/notifications';

/** Every notification sent to the signed-in user (spec §2), with the All and Unread filters. */
export function NotificationsPage() {
  return (
    <Page
      title="Notifications"
      description="Mentions, assignments, status changes and other updates for you."
      className="max-w-4xl"
    >
      <NotificationFeed />
    </Page>
  );
}
