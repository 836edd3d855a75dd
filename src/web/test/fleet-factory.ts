import type { Company, Location, RecordSummary, RepairFacility } from '@shared/fleet';

import { jsonResponse } from './fetch-stub';

let sequence = 0;
const nextId = (prefix: string) => {
  sequence += 1;
  return `${prefix}-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
};

const summary = (overrides: Partial<RecordSummary> = {}): RecordSummary => ({
  openClaims: 0,
  vehiclesDown: 0,
  averageDowntimeDays: null,
  ...overrides,
});

/** A company as the server sends it (`buildCompany({ name: 'Acme' })`); each call gets its own id. */
export function buildCompany(overrides: Partial<Company> = {}): Company {
  return {
    id: nextId('c0c0c0c0'),
    name: 'Acme Rentals',
    code: 'ACME',
    contactName: 'Jordan Reyes',
    contactEmail: 'fleet@acme.example',
    contactPhone: '(303) 555-0100',
    billingAddress: '100 Main St\nDenver, CO',
    notes: null,
    autoApprovalLimitCents: null,
    paymentTermsDays: 30,
    taxRatePercent: 0,
    billingEmail: null,
    invoiceRemindersEnabled: true,
    monthlyStatementsEnabled: false,
    timeZone: 'America/Denver',
    active: true,
    ...overrides,
    summary: summary(overrides.summary),
  };
}

export function buildLocation(overrides: Partial<Location> = {}): Location {
  return {
    id: nextId('10c10c10'),
    companyId: 'c0c0c0c0-0000-4000-8000-000000000000',
    companyName: 'Acme Rentals',
    name: 'Denver Depot',
    code: 'ACM1',
    address: '5408 Industrial Way, Denver, CO',
    phone: '(303) 555-0110',
    contactName: 'Lee Park',
    active: true,
    ...overrides,
    summary: summary(overrides.summary),
  };
}

export function buildRepairFacility(overrides: Partial<RepairFacility> = {}): RepairFacility {
  return {
    id: nextId('fac1f4c1'),
    name: 'Front Range Auto Body',
    kind: 'collision',
    address: '5455 Service Rd, Aurora, CO',
    phone: '(303) 555-0101',
    email: 'shop@frontrange.example',
    contactName: 'Casey Mills',
    laborRateCents: 9_400,
    cccShopId: 'CCC-1001',
    tekmetricShopId: null,
    active: true,
    ...overrides,
    summary: summary(overrides.summary),
  };
}

/** A handler answering one page of a fleet list. */
export const pageOf =
  <T>(items: T[], extra: { total?: number; page?: number; pageSize?: number } = {}) =>
  () =>
    jsonResponse({ items, total: items.length, page: 1, pageSize: 25, ...extra });
