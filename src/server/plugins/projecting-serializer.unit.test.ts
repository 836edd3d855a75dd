import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { invoiceListSchema } from '@shared/accounting.js';
import { agingReportSchema } from '@shared/aging.js';
import { claimPageSchema, claimSchema } from '@shared/claims.js';
import { dashboardActivitySchema, dashboardSummarySchema } from '@shared/dashboard.js';
import { healthResponseSchema, readyResponseSchema } from '@shared/health.js';
import { notificationSchema } from '@shared/notifications.js';
import { projectingSerializer, projectingSerializerCompiler, projection } from './projecting-serializer.js';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/api/test', httpStatus: '200' });
const compile = (schema: z.ZodType) => projectingSerializerCompiler(route(schema));
const byZod = (schema: z.ZodType) => serializerCompiler(route(schema));

const uuid = '4fd34ef4-a7a0-4fe1-bc46-351d5fade612';
const claim = {
  id: uuid,
  number: 12,
  claimNumber: 'CLM-000012',
  workflow: 'collision',
  status: 'in_repair',
  priority: 'high',
  companyId: uuid,
  companyName: 'Acme Rentals',
  locationName: null,
  facilityName: 'Main Street Body',
  assignee: { id: uuid, username: 'maria', name: 'Maria Manager' },
  vehicle: {
    id: uuid,
    unitNumber: 'U-7',
    vin: '1FTBW3XM5HKA12345',
    year: 2022,
    make: 'Ford',
    model: 'Transit',
    plate: null,
  },
  lossDate: '2026-11-02',
  eta: null,
  reportedByName: null,
  insurerClaimNumber: 'INS-1',
  downtimeDays: 3,
  estimateAmountCents: 125_050,
  approvedAmountCents: null,
  finalAmountCents: null,
  statusChangedAt: '2026-11-03T10:00:00.000Z',
  createdAt: '2026-11-02T09:00:00.000Z',
  updatedAt: '2026-11-03T10:00:00.000Z',
};
const page = {
  items: [claim, { ...claim, number: 13, assignee: null }],
  total: 2,
  totalCapped: false,
  page: 1,
  pageSize: 25,
  nextCursor: null,
};

describe('projectingSerializerCompiler', () => {
  it('writes a claims page exactly as zod does', () => {
    expect(compile(claimPageSchema)(page)).toBe(byZod(claimPageSchema)(page));
  });

  it('refuses, in tests and development, an answer with a key its schema does not declare, at any depth', () => {
    const leaky = {
      ...page,
      items: [{ ...claim, vehicle: { ...claim.vehicle, ownerSsn: '1' } }],
    };
    expect(() => compile(claimPageSchema)(leaky)).toThrow(/not its schema's projection/);
    expect(() => compile(claimPageSchema)({ ...page, secret: 'x' })).toThrow(/not its schema's projection/);
    const { items, ...rest } = page;
    expect(() => compile(claimPageSchema)({ ...rest, items })).toThrow(/keys in another order/);
  });

  it('writes the answer as it is in production, the same text as zod', () => {
    const production = projectingSerializer(route(claimPageSchema), { checked: false });
    expect(production(page)).toBe(byZod(claimPageSchema)(page));
  });

  it('lets zod check and write a schema with parts it does not know (a union, a transform)', () => {
    const schema = z.object({ value: z.union([z.string(), z.number()]) });
    expect(() => compile(schema)({ value: true })).toThrow();
    expect(compile(schema)({ value: 2, extra: 1 })).toBe('{"value":2}');
  });

  it('writes a record keyed by an enum as zod does: every key of the enum, in its order, and no other', () => {
    const report = {
      asOf: '2026-11-30',
      companies: [
        {
          companyId: uuid,
          companyName: 'Acme Rentals',
          buckets: { '90+': 5, current: 100, '1-30': 0, '31-60': 7, '61-90': 0, extra: 9 },
          totalCents: 112,
          creditCents: 0,
        },
      ],
      totals: {
        buckets: { current: 100, '1-30': 0, '31-60': 7, '61-90': 0, '90+': 5 },
        totalCents: 112,
        creditCents: 0,
      },
    };
    const zodReport = {
      ...report,
      companies: [
        {
          buckets: report.totals.buckets,
          totalCents: 112,
          creditCents: 0,
          companyId: uuid,
          companyName: 'Acme Rentals',
        },
      ],
    };
    const written = JSON.stringify(projection(agingReportSchema)!(report));
    expect(written).toBe(byZod(agingReportSchema)(zodReport));
    expect(written).toContain('"buckets":{"current":100,"1-30":0,"31-60":7,"61-90":0,"90+":5}');
    expect(compile(agingReportSchema)(zodReport)).toBe(written);
    expect(projection(z.record(z.string(), z.number()))).toBeNull();
  });

  it('serves the hot routes’ schemas itself: the dashboard, the claims list and page, invoices, aging, the poll, health', () => {
    for (const schema of [
      invoiceListSchema,
      agingReportSchema,
      dashboardSummarySchema,
      dashboardActivitySchema,
      claimPageSchema,
      claimSchema,
      z.array(notificationSchema),
      healthResponseSchema,
      readyResponseSchema,
    ]) {
      expect(projection(schema)).not.toBeNull();
    }
  });
});
