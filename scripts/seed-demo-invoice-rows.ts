/** The rows seed-demo-invoices.ts builds for the demo's accounts receivable, and what it builds them from. */
import type * as schema from '../src/server/db/schema/index.js';

export interface DemoInvoiceClaim {
  id: string;
  number: number;
  companyId: string;
  workflow: 'collision' | 'mechanical';
  completedAt: Date | null;
  finalAmountCents: number | null;
  vehicle: string;
}

export interface DemoBillingCompany {
  id: string;
  paymentTermsDays: number;
  taxRatePercent: number;
  recipient: string;
}

export interface DemoInvoiceRows {
  invoices: (typeof schema.invoices.$inferInsert & { id: string })[];
  invoiceLines: (typeof schema.invoiceLines.$inferInsert)[];
  invoiceClaims: (typeof schema.invoiceClaims.$inferInsert)[];
  payments: (typeof schema.payments.$inferInsert & { id: string })[];
  paymentApplications: (typeof schema.paymentApplications.$inferInsert)[];
  creditNotes: (typeof schema.creditNotes.$inferInsert)[];
  /** The overdue reminders the open invoices already had, so the reminder job does not send them all at once. */
  reminders: (typeof schema.invoiceReminders.$inferInsert)[];
  audit: (typeof schema.auditLog.$inferInsert)[];
  /** The per-year document counters (`inv-2026`, `cn-2026`) at the last number given. */
  counters: { name: string; value: number }[];
}
