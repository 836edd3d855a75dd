import PDFDocument from 'pdfkit';
import { eq } from 'drizzle-orm';
import { AppError } from '@shared/errors.js';
import type { Database } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';
import { INK, MARGIN, MUTED, type Doc } from '../claim-report/index.js';

/** What invoices and statements print about the company billed (its billing address and contact). */
export interface BilledCompany {
  id: string;
  name: string;
  contactName: string | null;
  billingAddress: string | null;
  billingEmail: string | null;
  contactEmail: string | null;
  /** Times printed on its documents are in its time zone. */
  timeZone: string;
}

export async function loadBilledCompany(db: Database, id: string): Promise<BilledCompany> {
  const [company] = await db
    .select({
      id: companies.id,
      name: companies.name,
      contactName: companies.contactName,
      billingAddress: companies.billingAddress,
      billingEmail: companies.billingEmail,
      contactEmail: companies.contactEmail,
      timeZone: companies.timeZone,
    })
    .from(companies)
    .where(eq(companies.id, id));
  if (!company) throw new AppError('not_found', 'Company not found');
  return company;
}

/** A letter-size accounting document with its title and page buffering (for the page footer). */
export function accountingDocument(title: string, subject: string): Doc {
  return new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: title, Author: 'FleetClaims', Subject: subject },
  });
}

/**
 * "Bill to" on the left (the company, its billing contact, address and email) and label/value pairs on the
 * right (number, dates, terms …). Leaves the cursor below the taller of the two.
 */
export function billToBlock(doc: Doc, company: BilledCompany, details: [string, string][]) {
  const top = doc.y;
  const width = (doc.page.width - 2 * MARGIN - 20) / 2;
  doc.font('Helvetica').fontSize(8).fillColor(MUTED).text('BILL TO', MARGIN, top, { width });
  doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(company.name, { width });
  doc.font('Helvetica').fontSize(10);
  for (const line of [company.contactName, company.billingAddress, company.billingEmail]) {
    if (line) doc.text(line, { width });
  }
  const left = doc.y;
  const labelWidth = 90;
  const x = MARGIN + width + 20;
  let y = top;
  for (const [label, value] of details) {
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(label, x, y, { width: labelWidth });
    doc.fillColor(INK).text(value, x + labelWidth, y, { width: width - labelWidth, align: 'right' });
    y = doc.y + 3;
  }
  doc.x = MARGIN;
  doc.y = Math.max(left, y) + 8;
}
