import { z } from 'zod';

export const NOTIFICATION_TYPES = [
  'mention',
  'assignment',
  'status_change',
  'authorization_request',
  'authorization_decision',
  'estimate_review',
  'shop_update',
  'driver_report',
  'system',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** A notification as `GET /api/notifications` answers it (spec §3). */
export const notificationSchema = z.object({
  id: z.uuid(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  relatedVehicleId: z.uuid().nullable().describe('The claim it is about; the app links to /vehicles/{id}'),
});
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATIONS_DEFAULT_LIMIT = 50;

export const listNotificationsQuerySchema = z.object({
  filter: z.enum(['all', 'unread']).default('all'),
  /** Paging: the id of the last notification of the previous page. */
  after: z.uuid().optional().describe('Id of the last notification already shown; answers older ones'),
  limit: z.coerce.number().int().min(1).max(100).default(NOTIFICATIONS_DEFAULT_LIMIT),
});
export type ListNotificationsQuery = z.infer<typeof listNotificationsQuerySchema>;
