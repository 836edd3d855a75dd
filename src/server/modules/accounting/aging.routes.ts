import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agingInvoicesQuerySchema,
  agingInvoicesSchema,
  agingQuerySchema,
  agingReportSchema,
} from '@shared/accounting.js';
import type { Database } from '../../db/client.js';
import { todayUtc } from './accounting-dates.js';
import { agingCsv, agingInvoices, agingReport } from './aging.service.js';

/** Aging of the receivables as of any day (past days included), its invoices and its CSV (`accounting.view`). */
export const agingRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/accounting/aging',
    {
      config: { access: 'accounting.view' },
      schema: { querystring: agingQuerySchema, response: { 200: agingReportSchema } },
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
};
