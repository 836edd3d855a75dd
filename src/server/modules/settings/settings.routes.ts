import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '@shared/errors.js';
import { publicSettingsSchema, updateSettingsRequestSchema } from '@shared/settings.js';
import type { Database } from '../../db/client.js';
import { appSettings, companies } from '../../db/schema/index.js';
import { recordAudit } from '../audit/index.js';
import { readSettings } from './settings.service.js';
import { actorOf } from '../../plugins/actor.js';

/** System settings: read by every user, changed by admins. */
export const settingsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/settings/public',
    { config: { access: 'authenticated' }, schema: { response: { 200: publicSettingsSchema } } },
    async () => readSettings(db),
  );

  app.put(
    '/api/settings',
    {
      config: { access: 'system.settings.manage' },
      schema: { body: updateSettingsRequestSchema, response: { 200: publicSettingsSchema } },
    },
    async (request) => {
      const companyId = request.body.fleetDashboardCompanyId;
      if (companyId) {
        const [company] = await db
          .select({ id: companies.id })
          .from(companies)
          .where(eq(companies.id, companyId));
        if (!company)
          throw new AppError('validation', 'That company does not exist', {
            fieldErrors: { fleetDashboardCompanyId: ['That company does not exist'] },
          });
      }
      const before = await readSettings(db);
      for (const [key, value] of Object.entries(request.body)) {
        // null means "none", which is the stored nothing (the column holds JSON and is not nullable).
        if (value === null) {
          await db.delete(appSettings).where(eq(appSettings.key, key));
          continue;
        }
        await db
          .insert(appSettings)
          .values({ key, value })
          .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
      }
      const after = await readSettings(db);
      await recordAudit(db, actorOf(request), {
        action: 'settings.updated',
        entityType: 'settings',
        before,
        after,
      });
      return after;
    },
  );
};
