import { buffer } from 'node:stream/consumers';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { reportFilterSchema } from '@shared/reports.js';
import { buildCompany } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { reportDocument, reportTimeZone } from './report-document.js';

async function pdfText(doc: NodeJS.ReadableStream) {
  const document = await getDocumentProxy(new Uint8Array(await buffer(doc)));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe('a report’s days and times are its reader’s company’s', async () => {
  const { database } = await createTestApp();
  const db = database.db;
  // Kiritimati is UTC+14, Honolulu UTC−10: at 12:00 UTC on 31 March it is already 1 April in one and
  // still 31 March (02:00) in the other.
  const line = await buildCompany(db, { name: 'Line Islands Freight', timeZone: 'Pacific/Kiritimati' });
  const aloha = await buildCompany(db, { name: 'Aloha Vans', timeZone: 'Pacific/Honolulu' });
  const now = new Date('2026-03-31T12:00:00Z');
  const clock = { now, defaultTimeZone: 'Europe/Berlin' };
  const filter = (query: Record<string, string>) => reportFilterSchema.parse(query);

  it('picks the filter’s company, else the reader’s first company by name, else the server’s zone', async () => {
    expect(await reportTimeZone(db, 'all', { companyId: line.id }, 'UTC')).toBe('Pacific/Kiritimati');
    expect(await reportTimeZone(db, [line.id, aloha.id], {}, 'UTC')).toBe('Pacific/Honolulu');
    expect(await reportTimeZone(db, 'all', {}, 'Europe/Berlin')).toBe('Europe/Berlin');
  });

  it('resolves "this month" on the company’s calendar and prints when it was generated there', async () => {
    const ahead = await reportDocument(db, 'all', filter({ range: 'this_month', companyId: line.id }), clock);
    expect(ahead.report.meta.span).toEqual({ from: '2026-04-01', to: '2026-04-01' });
    expect(ahead.fileName).toBe('fleetclaims-report-2026-04-01-to-2026-04-01.pdf');
    expect(await pdfText(ahead.doc)).toContain(
      'This month: Apr 1, 2026 – Apr 1, 2026, generated Apr 1, 2026, 2:00 AM GMT+14 (Pacific/Kiritimati)',
    );

    const behind = await reportDocument(db, [aloha.id], filter({ range: 'this_month' }), clock);
    expect(behind.report.meta.span).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(await pdfText(behind.doc)).toContain('generated Mar 31, 2026, 2:00 AM HST (Pacific/Honolulu)');
  });
});
