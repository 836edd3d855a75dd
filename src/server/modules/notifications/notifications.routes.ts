import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  notificationPreferencesAnswerSchema,
  notificationPreferencesSchema,
  type NotificationPreferences,
} from '@shared/notification-preferences.js';
import {
  listNotificationsQuerySchema,
  notificationSchema,
  type ListNotificationsQuery,
} from '@shared/notifications.js';
import type { Database } from '../../db/client.js';
import {
  digestTimeZoneOf,
  getNotificationPreferences,
  saveNotificationPreferences,
} from './notification-preferences.service.js';
import { listNotifications, markAllRead, markClaimRead, markRead } from './notifications.service.js';
import { projectingSerializerCompiler } from '../../plugins/projecting-serializer.js';

/**
 * The tag of a user's list as asked: it changes with the user's notifications version. The user is part of it, so
 * that two people on one browser never revalidate each other's list. The bench's bare server gives the same one.
 */
export function notificationsEtag(
  user: { id: string; notificationsVersion: number },
  { filter, after, limit }: ListNotificationsQuery,
): string {
  return `W/"n-${user.id}-${user.notificationsVersion}-${filter}-${after ?? ''}-${limit}"`;
}

/**
 * The notification calls. The list is polled every 5 s by every open browser, so it answers 304 from the
 * user row the session lookup already loaded whenever nothing changed, and the poll is not activity.
 */
export const notificationsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  /** The zone the digest's time is shown in for a user whose companies do not share one (config). */
  defaultTimeZone: string;
}> = async (app, { db, defaultTimeZone }) => {
  const withDigestZone = async (userId: string, preferences: NotificationPreferences) => ({
    ...preferences,
    digestTimeZone: await digestTimeZoneOf(db, userId, defaultTimeZone),
  });

  app.get(
    '/api/notifications',
    {
      config: { access: 'authenticated', countsAsActivity: false },
      schema: {
        querystring: listNotificationsQuerySchema,
        response: { 200: z.array(notificationSchema), 304: z.void().describe('Not modified since the ETag') },
      },
      // Every open browser asks every few seconds (decision 024).
      serializerCompiler: projectingSerializerCompiler,
    },
    async (request, reply) => {
      const user = request.auth!.user;
      // The answer is no-store like every API answer (plugins/security.ts): the web client keeps the ETag itself.
      const etag = notificationsEtag(user, request.query);
      reply.header('etag', etag).header('vary', 'Cookie');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return listNotifications(db, user.id, request.query);
    },
  );

  app.put(
    '/api/notifications/:id/read',
    {
      config: { access: 'authenticated' },
      schema: {
        params: z.object({ id: z.uuid('Not a valid notification id') }),
        response: { 200: notificationSchema },
      },
    },
    async (request) => markRead(db, request.auth!.user.id, request.params.id),
  );

  app.post(
    '/api/notifications/read-all',
    {
      config: { access: 'authenticated' },
      schema: { response: { 200: z.object({ updated: z.number().int() }) } },
    },
    async (request) => ({ updated: await markAllRead(db, request.auth!.user.id) }),
  );

  app.post(
    '/api/vehicles/:id/notifications/read',
    {
      config: { access: 'authenticated' },
      schema: {
        params: z.object({ id: z.uuid('Not a valid claim id') }),
        response: { 200: z.object({ updated: z.number().int() }) },
      },
    },
    // Only the caller's own notifications change, so no claim scope is needed: another company's claim
    // id marks nothing (there are none of the caller's about it).
    async (request) => ({ updated: await markClaimRead(db, request.auth!.user.id, request.params.id) }),
  );

  app.get(
    '/api/user/notification-preferences',
    {
      config: { access: 'authenticated' },
      schema: { response: { 200: notificationPreferencesAnswerSchema } },
    },
    async (request) =>
      withDigestZone(request.auth!.user.id, await getNotificationPreferences(db, request.auth!.user.id)),
  );

  app.put(
    '/api/user/notification-preferences',
    {
      config: { access: 'authenticated' },
      schema: { body: notificationPreferencesSchema, response: { 200: notificationPreferencesAnswerSchema } },
    },
    // Each user sets their own; an admin impersonating someone sets that user's, as they would themselves.
    async (request) =>
      withDigestZone(
        request.auth!.user.id,
        await saveNotificationPreferences(db, request.auth!.user.id, request.body),
      ),
  );
};
