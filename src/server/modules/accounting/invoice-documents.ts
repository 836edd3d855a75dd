import type { Invoice } from '@shared/accounting.js';
import { formatCents } from '@shared/money.js';
import type { Database } from '../../db/client.js';
import { day } from '../claim-report/index.js';
import { queueMail } from '../mail/index.js';
import type { EmailTemplateKey } from '../mail/index.js';
import { loadBilledCompany, type BilledCompany } from './accounting-pdf.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import { getInvoice } from './invoice-read.js';

/** The file name of an invoice's PDF: its number, or `draft-invoice` before it has one. */
export const invoicePdfFileName = (number: string | null) => `${number ?? 'draft-invoice'}.pdf`;

/** An invoice (404 when unknown), the company it bills and its PDF. */
export async function invoicePdf(db: Database, id: string, generatedAt = new Date()) {
  const invoice = await getInvoice(db, id);
  const company = await loadBilledCompany(db, invoice.companyId);
  const pdf = await renderInvoicePdf(invoice, company, generatedAt);
  return { invoice, company, pdf, fileName: invoicePdfFileName(invoice.number) };
}

/**
 * Queues a mail about an issued invoice (sent, a reminder) to `to`, with the invoice's PDF as it stands now
 * attached, inside the caller's transaction. Every template gets the invoice's number, total, balance and due
 * date, and whom it is addressed to; `values` adds the template's own.
 */
export async function queueInvoiceMail(
  db: Database,
  input: {
    invoiceId: string;
    company: BilledCompany;
    to: string;
    template: EmailTemplateKey;
    values?: Record<string, string>;
    generatedAt: Date;
  },
) {
  const invoice: Invoice = await getInvoice(db, input.invoiceId);
  const pdf = await renderInvoicePdf(invoice, input.company, input.generatedAt);
  return queueMail(db, {
    to: input.to,
    template: input.template,
    values: {
      contactName: input.company.contactName ?? input.company.name,
      companyName: input.company.name,
      invoiceNumber: invoice.number ?? '',
      total: formatCents(invoice.totalCents),
      balance: formatCents(invoice.balanceCents),
      dueDate: day(invoice.dueDate) ?? '',
      ...input.values,
    },
    attachments: [
      { fileName: invoicePdfFileName(invoice.number), contentType: 'application/pdf', content: pdf },
    ],
  });
}
