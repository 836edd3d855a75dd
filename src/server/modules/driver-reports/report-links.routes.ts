import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  REPORT_LINK_OFF_MESSAGE,
  reportCardsMissingMessage,
  reportLinkSchema,
  tagReportLinkSchema,
} from '@shared/driver-reports.js';
import { vehicleDescription } from '@shared/claim-vehicles.js';
import { AppError } from '@shared/errors.js';
import { actorHolds, actorScope } from '../../actor.js';
import { inScope } from '../../company-scope.js';
import type { Database } from '../../db/client.js';
import { companies, locations, vehicles } from '../../db/schema/index.js';
import { actorOf, userActorOf } from '../../plugins/actor.js';
import { loadClaimRow } from '../claims/index.js';
import { claimIdParams } from '../outside-links/index.js';
import {
  cardUrls,
  ensureReportLink,
  renewReportLink,
  revokeReportLink,
  vehicleInScope,
  type ReportLinkKeys,
} from './report-links.service.js';
import { renderVehicleCards } from './vehicle-cards.js';

const vehicleParams = z.object({ id: z.uuid('Not a valid vehicle id') });
const locationParams = z.object({ id: z.uuid('Not a valid location id') });

/**
 * A vehicle's report link (issue 32), for those who edit claims: shown (made on first use), renewed, revoked, and
 * printed on vehicle cards, one vehicle's or a whole location's.
 */
export const reportLinkRoutes: FastifyPluginAsyncZod<{ db: Database; keys: ReportLinkKeys }> = async (
  app,
  { db, keys },
) => {
  app.get(
    '/api/fleet-vehicles/:id/report-link',
    {
      config: { access: 'vehicles.edit' },
      schema: {
        params: vehicleParams,
        response: { 200: reportLinkSchema },
        description:
          'The vehicle’s report link, made on first use: drivers report damage through it without an account.',
      },
    },
    async (request) => {
      const actor = userActorOf(request);
      const vehicle = await vehicleInScope(db, actor, request.params.id);
      return ensureReportLink(db, keys, actor, vehicle.id);
    },
  );

  app.get(
    '/api/vehicles/:id/window-tag/report-link',
    {
      // Asked by the public tag page for whoever opens it: a visitor gets no code (and no error in the console).
      config: { access: 'public' },
      schema: {
        params: claimIdParams,
        response: { 200: tagReportLinkSchema },
        description:
          'The window tag’s second code: the report link of the claim’s vehicle (made on first use) for a signed-in user who edits claims of its company; null for anyone else. The public tag itself never carries it, so a renewed link stays out of reach of an old tag.',
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (actor.kind !== 'user' || !actorHolds(actor, 'vehicles.edit')) return { url: null };
      // A claim the user cannot see gets no code either; any other failure is the request's (a 503, not a null).
      const row = await loadClaimRow(db, actorScope(actor), request.params.id).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'not_found') return null;
        throw error;
      });
      if (!row) return { url: null };
      return { url: (await ensureReportLink(db, keys, actor, row.vehicle.id)).url };
    },
  );

  app.post(
    '/api/fleet-vehicles/:id/report-link',
    {
      config: { access: 'vehicles.edit' },
      schema: {
        params: vehicleParams,
        response: { 201: reportLinkSchema },
        description: 'Renews the vehicle’s report link: printed cards and tags with the old one answer 410.',
      },
    },
    async (request, reply) => {
      const actor = userActorOf(request);
      const vehicle = await vehicleInScope(db, actor, request.params.id);
      return reply.status(201).send(await renewReportLink(db, keys, actor, vehicle.id));
    },
  );

  app.delete(
    '/api/fleet-vehicles/:id/report-link',
    { config: { access: 'vehicles.edit' }, schema: { params: vehicleParams } },
    async (request, reply) => {
      const actor = userActorOf(request);
      const vehicle = await vehicleInScope(db, actor, request.params.id);
      await revokeReportLink(db, actor, vehicle.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/fleet-vehicles/:id/card.pdf',
    { config: { access: 'vehicles.edit' }, schema: { params: vehicleParams, produces: ['application/pdf'] } },
    async (request, reply) => {
      const actor = userActorOf(request);
      const vehicle = await vehicleInScope(db, actor, request.params.id);
      const [company] = await db
        .select({ name: companies.name })
        .from(companies)
        .where(eq(companies.id, vehicle.companyId));
      const [url] = await cardUrls(db, keys, actor, [vehicle.id]);
      if (!url) throw new AppError('conflict', REPORT_LINK_OFF_MESSAGE);
      const pdf = await renderVehicleCards(
        [
          {
            companyName: company!.name,
            unitNumber: vehicle.unitNumber,
            makeModel: vehicleDescription(vehicle) ?? '',
            url: url!,
          },
        ],
        `Vehicle card — unit ${vehicle.unitNumber}`,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="vehicle-card-${vehicle.id}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.get(
    '/api/locations/:id/vehicle-cards.pdf',
    {
      config: { access: 'vehicles.edit' },
      schema: { params: locationParams, produces: ['application/pdf'] },
    },
    async (request, reply) => {
      const actor = userActorOf(request);
      const [location] = await db
        .select({
          id: locations.id,
          companyId: locations.companyId,
          code: locations.code,
          companyName: companies.name,
        })
        .from(locations)
        .innerJoin(companies, eq(companies.id, locations.companyId))
        .where(eq(locations.id, request.params.id));
      if (!location || !inScope(actorScope(actor), location.companyId))
        throw new AppError('not_found', 'Location not found');
      const rows = await db
        .select()
        .from(vehicles)
        .where(eq(vehicles.locationId, location.id))
        .orderBy(asc(vehicles.unitNumber), asc(vehicles.id));
      const urls = await cardUrls(
        db,
        keys,
        actor,
        rows.map((vehicle) => vehicle.id),
      );
      // Every card printed works, or none is: a card without a code would be thrown away, or stuck on a van.
      const missing = urls.filter((url) => url === null).length;
      if (missing) throw new AppError('conflict', reportCardsMissingMessage(missing));
      const pdf = await renderVehicleCards(
        rows.map((vehicle, index) => ({
          companyName: location.companyName,
          unitNumber: vehicle.unitNumber,
          makeModel: vehicleDescription(vehicle) ?? '',
          url: urls[index]!,
        })),
        `Vehicle cards — ${location.code}`,
      );
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="vehicle-cards-${location.code.replace(/[^A-Za-z0-9_-]/g, '')}.pdf"`,
        )
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
};
