import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bugReportRequestSchema,
  bugReportSchema,
  contactRequestSchema,
  contactSubmissionSchema,
  listBugReportsQuerySchema,
  listContactSubmissionsQuerySchema,
  pageOf,
  updateBugReportSchema,
  updateContactSubmissionSchema,
} from '@shared/support.js';
import { messageResponseSchema } from '@shared/passwords.js';
import type { Database } from '../../db/client.js';
import {
  createBugReport,
  getBugReport,
  getContactSubmission,
  listBugReports,
  listContactSubmissions,
  setBugReportStatus,
  setContactSubmissionStatus,
  submitContact,
} from './support.service.js';
import { actorOf, userActorOf } from '../../plugins/actor.js';

const idParams = z.object({ id: z.uuid('Not a valid id') });
export const CONTACT_THANKS = 'Thank you! We will get back to you within one business day.';

/** The public contact form, the in-app bug report, and the admin lists of both. */
export const supportRoutes: FastifyPluginAsyncZod<{ db: Database; appUrl: string }> = async (
  app,
  { db, appUrl },
) => {
  app.post(
    '/api/contact',
    {
      config: { access: 'public' },
      schema: { body: contactRequestSchema, response: { 201: messageResponseSchema } },
    },
    async (request, reply) => {
      const { website, ...message } = request.body;
      // A filled honeypot is a bot: answer as if accepted, store nothing, tell nobody.
      if (!website) await submitContact(db, actorOf(request), appUrl, message);
      return reply.code(201).send({ message: CONTACT_THANKS });
    },
  );

  app.get(
    '/api/contact-submissions',
    {
      config: { access: 'system.support.manage' },
      schema: {
        querystring: listContactSubmissionsQuerySchema,
        response: { 200: pageOf(contactSubmissionSchema) },
      },
    },
    async (request) => listContactSubmissions(db, request.query),
  );

  app.get(
    '/api/contact-submissions/:id',
    {
      config: { access: 'system.support.manage' },
      schema: { params: idParams, response: { 200: contactSubmissionSchema } },
    },
    async (request) => getContactSubmission(db, request.params.id),
  );

  app.patch(
    '/api/contact-submissions/:id',
    {
      config: { access: 'system.support.manage' },
      schema: {
        params: idParams,
        body: updateContactSubmissionSchema,
        response: { 200: contactSubmissionSchema },
      },
    },
    async (request) =>
      setContactSubmissionStatus(db, actorOf(request), request.params.id, request.body.status),
  );

  app.post(
    '/api/bug-reports',
    {
      config: { access: 'authenticated' },
      schema: { body: bugReportRequestSchema, response: { 201: bugReportSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await createBugReport(db, userActorOf(request), request.body)),
  );

  app.get(
    '/api/bug-reports',
    {
      config: { access: 'system.support.manage' },
      schema: { querystring: listBugReportsQuerySchema, response: { 200: pageOf(bugReportSchema) } },
    },
    async (request) => listBugReports(db, request.query),
  );

  app.get(
    '/api/bug-reports/:id',
    {
      config: { access: 'system.support.manage' },
      schema: { params: idParams, response: { 200: bugReportSchema } },
    },
    async (request) => getBugReport(db, request.params.id),
  );

  app.patch(
    '/api/bug-reports/:id',
    {
      config: { access: 'system.support.manage' },
      schema: { params: idParams, body: updateBugReportSchema, response: { 200: bugReportSchema } },
    },
    async (request) => setBugReportStatus(db, actorOf(request), request.params.id, request.body.status),
  );
};
