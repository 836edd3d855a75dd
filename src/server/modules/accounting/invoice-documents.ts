import type { Database } from '../../db/client.js';
import { loadBilledCompany } from './accounting-pdf.js';
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
