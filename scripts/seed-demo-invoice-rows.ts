/** The rows seed-demo-invoices.ts builds for the demo's accounts receivable, and what it builds them from. */
import type {
  auditLog,
  creditNotes,
  invoiceClaims,
  invoiceLines,
  invoiceReminders,
  invoices,
  paymentApplications,
  payments,
} from '../src/server/db/schema/index.js';

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
  invoices: (typeof invoices.$inferInsert & { id: string })[];
  invoiceLines: (typeof invoiceLines.$inferInsert)[];
  invoiceClaims: (typeof invoiceClaims.$inferInsert)[];
  payments: (typeof payments.$inferInsert & { id: string })[];
  paymentApplications: (typeof paymentApplications.$inferInsert)[];
  creditNotes: (typeof creditNotes.$inferInsert)[];
  /** The overdue reminders the open invoices already had, so the reminder job does not send them all at once. */
  reminders: (typeof invoiceReminders.$inferInsert)[];
  audit: (typeof auditLog.$inferInsert)[];
  /** The per-year document counters (`inv-2026`, `cn-2026`) at the last number given. */
  counters: { name: string; value: number }[];
}
