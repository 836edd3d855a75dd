export { NOTIFICATION_FEED_PAGE_SIZE } from './api/get-notification-feed';
export { NotificationBell } from './components/notification-bell';
export { NotificationFeed } from './components/notification-feed';
export { useReadClaimNotifications } from './api/mark-claim-notifications-read';
