import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agingInvoicesQuerySchema,
  agingInvoicesSchema,
  agingQuerySchema,
  agingReportSchema,
} from '@shared/aging.js';
import type { Database } from '../../db/client.js';
import { todayUtc } from './accounting-dates.js';
import { agingCsv, agingInvoices, agingReport } from './aging.service.js';
import { companyStatement, renderStatementPdf, statementFileName } from './statement-pdf.js';
import { projectingSerializerCompiler } from '../../plugins/projecting-serializer.js';

/**
 * Aging of the receivables as of any day (past days included), its invoices, its CSV and each company's statement
 * (`accounting.view`).
 */
export const agingRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/accounting/aging',
    {
      config: { access: 'accounting.view' },
      schema: { querystring: agingQuerySchema, response: { 200: agingReportSchema } },
      serializerCompiler: projectingSerializerCompiler,
    },
    async (request) => agingReport(db, request.query.asOf ?? todayUtc()),
  );

  app.get(
    '/api/accounting/aging/invoices',
    {
      config: { access: 'accounting.view' },
      schema: { querystring: agingInvoicesQuerySchema, response: { 200: agingInvoicesSchema } },
    },
    async (request) => agingInvoices(db, { ...request.query, asOf: request.query.asOf ?? todayUtc() }),
  );

  app.get(
    '/api/accounting/aging.csv',
    { config: { access: 'accounting.view' }, schema: { querystring: agingQuerySchema } },
    async (request, reply) => {
      const asOf = request.query.asOf ?? todayUtc();
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="aging-${asOf}.csv"`)
        .send(agingCsv(await agingReport(db, asOf)));
    },
  );

  app.get(
    '/api/accounting/companies/:id/statement.pdf',
    {
      config: { access: 'accounting.view' },
      schema: {
        params: z.object({ id: z.uuid('Not a valid company id') }),
        querystring: agingQuerySchema,
        produces: ['application/pdf'],
        description:
          "The company's statement as a PDF as of a day (default today, UTC): its open invoices then with their days past due and aging bucket, the balances per bucket, its unapplied credit and the balance due net of it.",
      },
    },
    async (request, reply) => {
      const statement = await companyStatement(db, request.params.id, request.query.asOf ?? todayUtc());
      const pdf = await renderStatementPdf(statement);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${statementFileName(statement)}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
