import type { Invoice, InvoiceSummary, Payment } from '@shared/accounting';

export const ACME_ID = '0d7c7a8e-1b2c-4d3e-8f40-000000000001';
export const ZENITH_ID = '0d7c7a8e-1b2c-4d3e-8f40-000000000002';

let next = 0;
const id = () => `7f3e0b9a-0000-4000-8000-${String(++next).padStart(12, '0')}`;

/** An invoice as the list shows it: a sent one of Acme unless told otherwise. */
export function buildInvoiceSummary(overrides: Partial<InvoiceSummary> = {}): InvoiceSummary {
  return {
    id: id(),
    number: 'INV-2026-000001',
    status: 'sent',
    companyId: ACME_ID,
    companyName: 'Acme Rentals',
    claims: [{ id: id(), number: 42 }],
    issueDate: '2026-11-01',
    dueDate: '2026-12-01',
    overdue: false,
    totalCents: 108_250,
    paidCents: 0,
    creditedCents: 0,
    balanceCents: 108_250,
    ...overrides,
  };
}

/** An invoice in full: one taxed line and its history. */
export function buildInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    ...buildInvoiceSummary(),
    paymentTermsDays: 30,
    taxRatePercent: 8.25,
    subtotalCents: 100_000,
    taxCents: 8_250,
    note: null,
    sentAt: '2026-11-01T15:00:00.000Z',
    sentTo: 'ap@acme.example',
    voidReason: null,
    voidedAt: null,
    version: 3,
    lines: [
      {
        id: id(),
        position: 1,
        claimId: null,
        description: 'Front bumper cover',
        quantity: 2,
        unitPriceCents: 50_000,
        taxable: true,
        amountCents: 100_000,
      },
    ],
    payments: [],
    creditNotes: [],
    history: [
      { action: 'invoice.created', at: '2026-10-30T15:00:00.000Z', by: 'root', detail: null },
      {
        action: 'invoice.sent',
        at: '2026-11-01T15:00:00.000Z',
        by: 'root',
        detail: { number: 'INV-2026-000001', sentTo: 'ap@acme.example' },
      },
    ],
    createdAt: '2026-10-30T15:00:00.000Z',
    ...overrides,
  };
}

export function buildPayment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: id(),
    companyId: ACME_ID,
    companyName: 'Acme Rentals',
    amountCents: 50_000,
    receivedOn: '2026-11-10',
    method: 'check',
    reference: '1042',
    note: null,
    appliedCents: 50_000,
    unappliedCents: 0,
    reversedOn: null,
    reversalReason: null,
    applications: [],
    createdAt: '2026-11-10T15:00:00.000Z',
    ...overrides,
  };
}
