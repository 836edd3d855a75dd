import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  claimInvoiceSchema,
  createInvoiceSchema,
  exportInvoicesQuerySchema,
  invoiceListSchema,
  invoiceSchema,
  listInvoicesQuerySchema,
  readyToInvoiceSchema,
  type Invoice,
  sendInvoiceSchema,
  updateInvoiceSchema,
  voidInvoiceSchema,
} from '@shared/accounting.js';
import type { Database } from '../../db/client.js';
import { userActorOf } from '../../plugins/actor.js';
import { todayUtc } from './accounting-dates.js';
import { invoiceLinesCsv } from './accounting-csv.js';
import { invoicePdf } from './invoice-documents.js';
import { getInvoice, heldWithoutMailServer } from './invoice-read.js';
import { listInvoices } from './invoice-list.query.js';
import { listReadyToInvoice } from './ready-to-invoice.query.js';
import { sendInvoice } from './invoice-sending.js';
import {
  createInvoice,
  deleteInvoice,
  invoiceOfClaim,
  updateInvoice,
  voidInvoice,
} from './invoices.service.js';
import { projectingSerializerCompiler } from '../../plugins/projecting-serializer.js';

const idParams = z.object({ id: z.uuid('Not a valid invoice id') });
const claimParams = z.object({ id: z.uuid('Not a valid claim id') });
const versionQuery = z.object({ version: z.coerce.number().int().min(1, 'The version is required') });

/** Invoices: `accounting.view` reads, `accounting.manage` changes (admins only, PRODUCT.md §4). */
export const invoicesRoutes: FastifyPluginAsyncZod<{
  db: Database;
  /** Whether SMTP_URL is set: without it an invoice's mail is held, and its history says so. */
  mailConfigured: boolean;
}> = async (app, { db, mailConfigured }) => {
  const answer = async (invoice: Promise<Invoice>) => heldWithoutMailServer(await invoice, mailConfigured);

  app.get(
    '/api/accounting/invoices',
    {
      config: { access: 'accounting.view' },
      schema: { querystring: listInvoicesQuerySchema, response: { 200: invoiceListSchema } },
      serializerCompiler: projectingSerializerCompiler,
    },
    async (request) => listInvoices(db, request.query),
  );

  app.get(
    '/api/accounting/invoice-lines.csv',
    {
      config: { access: 'accounting.view' },
      schema: {
        querystring: exportInvoicesQuerySchema,
        produces: ['text/csv'],
        description:
          'The invoices of the list’s search and filters for an accounting package: one row per invoice line, in invoice-number order (drafts only when the status filter is draft). Columns in the README.',
      },
    },
    async (request, reply) => {
      const today = todayUtc();
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="invoice-lines-${today}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(Readable.from(invoiceLinesCsv(db, request.query, today)));
    },
  );

  app.get(
    '/api/accounting/ready-to-invoice',
    { config: { access: 'accounting.view' }, schema: { response: { 200: readyToInvoiceSchema } } },
    async () => listReadyToInvoice(db),
  );

  app.get(
    '/api/accounting/claims/:id/invoice',
    {
      config: { access: 'accounting.view' },
      schema: { params: claimParams, response: { 200: claimInvoiceSchema } },
    },
    async (request) => ({ invoice: await invoiceOfClaim(db, request.params.id) }),
  );

  app.post(
    '/api/accounting/invoices',
    {
      config: { access: 'accounting.manage' },
      schema: { body: createInvoiceSchema, response: { 201: invoiceSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await answer(createInvoice(db, userActorOf(request), request.body))),
  );

  app.get(
    '/api/accounting/invoices/:id',
    {
      config: { access: 'accounting.view' },
      schema: { params: idParams, response: { 200: invoiceSchema } },
    },
    async (request) => answer(getInvoice(db, request.params.id)),
  );

  app.get(
    '/api/accounting/invoices/:id/pdf',
    {
      config: { access: 'accounting.view' },
      schema: {
        params: idParams,
        produces: ['application/pdf'],
        description:
          'The invoice as a PDF: the company billing address, number, dates, terms, lines, tax, total, payments, credit notes and balance.',
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await invoicePdf(db, request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.patch(
    '/api/accounting/invoices/:id',
    {
      config: { access: 'accounting.manage' },
      schema: { params: idParams, body: updateInvoiceSchema, response: { 200: invoiceSchema } },
    },
    async (request) => answer(updateInvoice(db, userActorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/accounting/invoices/:id',
    {
      config: { access: 'accounting.manage' },
      schema: { params: idParams, querystring: versionQuery },
    },
    async (request, reply) => {
      await deleteInvoice(db, userActorOf(request), request.params.id, request.query.version);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/accounting/invoices/:id/send',
    {
      config: { access: 'accounting.manage' },
      schema: { params: idParams, body: sendInvoiceSchema, response: { 200: invoiceSchema } },
    },
    async (request) => answer(sendInvoice(db, userActorOf(request), request.params.id, request.body)),
  );

  app.post(
    '/api/accounting/invoices/:id/void',
    {
      config: { access: 'accounting.manage' },
      schema: { params: idParams, body: voidInvoiceSchema, response: { 200: invoiceSchema } },
    },
    async (request) => answer(voidInvoice(db, userActorOf(request), request.params.id, request.body)),
  );
};
