import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyInputSchema, companySchema, listRecordsQuerySchema } from '@shared/fleet.js';
import { pageOf } from '@shared/support.js';
import type { Database } from '../../db/client.js';
import { createCompany, getCompany, listCompanies, updateCompany } from './companies.service.js';
import { actorOf, userActorOf } from '../../plugins/actor.js';
import { answerOnce } from '../../plugins/idempotency.js';

const idParams = z.object({ id: z.uuid('Not a valid company id') });

/**
 * Companies: a manager sees only theirs (others are 404), admins manage all. A new company's time zone is the
 * server's DEFAULT_TIME_ZONE unless the form names one.
 */
export const companiesRoutes: FastifyPluginAsyncZod<{ db: Database; defaultTimeZone: string }> = async (
  app,
  { db, defaultTimeZone },
) => {
  app.get(
    '/api/companies',
    {
      config: { access: 'companies.dashboard' },
      schema: { querystring: listRecordsQuerySchema, response: { 200: pageOf(companySchema) } },
    },
    async (request) => listCompanies(db, userActorOf(request).scope, request.query),
  );

  app.get(
    '/api/companies/:id',
    {
      config: { access: 'companies.dashboard' },
      schema: { params: idParams, response: { 200: companySchema } },
    },
    async (request) => getCompany(db, userActorOf(request).scope, request.params.id),
  );

  app.post(
    '/api/companies',
    {
      config: { access: 'companies.manage', idempotentInTransaction: true },
      schema: { body: companyInputSchema, response: { 201: companySchema } },
    },
    async (request, reply) =>
      answerOnce(request, reply, db, 201, (tx) =>
        createCompany(tx, actorOf(request), {
          ...request.body,
          timeZone: request.body.timeZone ?? defaultTimeZone,
        }),
      ),
  );

  app.patch(
    '/api/companies/:id',
    {
      config: { access: 'companies.manage' },
      schema: { params: idParams, body: companyInputSchema.partial(), response: { 200: companySchema } },
    },
    async (request) => updateCompany(db, userActorOf(request), request.params.id, request.body),
  );
};
