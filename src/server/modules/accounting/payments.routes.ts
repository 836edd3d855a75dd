import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applyPaymentSchema,
  creditNoteInputSchema,
  creditNoteSchema,
  exportPaymentsQuerySchema,
  listPaymentsQuerySchema,
  paymentSchema,
  recordPaymentSchema,
  reversePaymentSchema,
} from '@shared/accounting.js';
import { pageOf } from '@shared/support.js';
import type { Database } from '../../db/client.js';
import { userActorOf } from '../../plugins/actor.js';
import { todayUtc } from './accounting-dates.js';
import { paymentsCsv } from './accounting-csv.js';
import { issueCreditNote } from './credit-notes.service.js';
import { getPayment, listPayments } from './payment-read.js';
import { applyPayment, recordPayment, reversePayment } from './payments.service.js';

const paymentParams = z.object({ id: z.uuid('Not a valid payment id') });
const invoiceParams = z.object({ id: z.uuid('Not a valid invoice id') });

/** Payments and credit notes: `accounting.view` reads, `accounting.manage` records (admins only). */
export const paymentsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/accounting/payments',
    {
      config: { access: 'accounting.view' },
      schema: { querystring: listPaymentsQuerySchema, response: { 200: pageOf(paymentSchema) } },
    },
    async (request) => listPayments(db, request.query),
  );

  app.get(
    '/api/accounting/payments.csv',
    {
      config: { access: 'accounting.view' },
      schema: {
        querystring: exportPaymentsQuerySchema,
        produces: ['text/csv'],
        description:
          'The payments of the list’s filters for an accounting package: one row per payment, oldest received first, with the invoices it settled. Columns in the README.',
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="payments-${todayUtc()}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(Readable.from(paymentsCsv(db, request.query))),
  );

  app.post(
    '/api/accounting/payments',
    {
      config: { access: 'accounting.manage' },
      schema: { body: recordPaymentSchema, response: { 201: paymentSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await recordPayment(db, userActorOf(request), request.body)),
  );

  app.get(
    '/api/accounting/payments/:id',
    {
      config: { access: 'accounting.view' },
      schema: { params: paymentParams, response: { 200: paymentSchema } },
    },
    async (request) => getPayment(db, request.params.id),
  );

  app.post(
    '/api/accounting/payments/:id/applications',
    {
      config: { access: 'accounting.manage' },
      schema: { params: paymentParams, body: applyPaymentSchema, response: { 200: paymentSchema } },
    },
    async (request) => applyPayment(db, userActorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/accounting/payments/:id/reversal',
    {
      config: { access: 'accounting.manage' },
      schema: { params: paymentParams, body: reversePaymentSchema, response: { 200: paymentSchema } },
    },
    async (request) => reversePayment(db, userActorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/accounting/invoices/:id/credit-notes',
    {
      config: { access: 'accounting.manage' },
      schema: { params: invoiceParams, body: creditNoteInputSchema, response: { 201: creditNoteSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await issueCreditNote(db, userActorOf(request), request.params.id, request.body)),
  );
};
