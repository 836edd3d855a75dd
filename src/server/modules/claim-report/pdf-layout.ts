import { formatCents } from '@shared/money.js';
import { formatDateTimeIn } from '@shared/time-zones.js';

/** The drawing kit of every PDF (claim report, reports, invoices, statements): colours, formats, blocks (pdfkit). */

export type Doc = PDFKit.PDFDocument;

export const INK = '#111827';
export const MUTED = '#6b7280';
export const RULE = '#d1d5db';
export const BAND = '#f3f4f6';
export const MARGIN = 50;

export const calendarDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** Prints a moment in one time zone (the claim's company's), naming the zone: "Nov 25, 2026, 1:05 PM CST". */
export type When = (iso: string | null) => string | null;
export const whenIn =
  (timeZone: string): When =>
  (iso) =>
    iso ? formatDateTimeIn(timeZone, iso) : null;
/** A YYYY-MM-DD calendar date, shown without shifting it through a time zone. */
export const day = (date: string | null) =>
  date ? calendarDate.format(new Date(`${date}T00:00:00Z`)) : null;
export const money = (cents: number | null) => (cents === null ? null : formatCents(cents));
export const yesNo = (value: boolean | null) => (value === null ? null : value ? 'Yes' : 'No');
/** Quantities and hours as typed: 2, 1.5, 0.25. */
export const decimal = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 3 });
export const joined = (...parts: (string | null | undefined | false)[]) => parts.filter(Boolean).join(' · ');

/** Moves to a new page when fewer than `height` points are left on this one. */
export function keepTogether(doc: Doc, height: number) {
  if (doc.y + height > doc.page.height - MARGIN - 20) doc.addPage();
}

/** A section's title; it starts a new page unless `height` more points (its first block) fit on this one. */
export function section(doc: Doc, title: string, height = 60) {
  keepTogether(doc, height + 30);
  doc.moveDown(1);
  doc.x = MARGIN;
  doc.font('Helvetica-Bold').fontSize(12).fillColor(INK).text(title);
  const y = doc.y + 2;
  doc
    .moveTo(MARGIN, y)
    .lineTo(doc.page.width - MARGIN, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  doc.y = y + 6;
}

/** Label/value pairs in two columns; empty values are left out. */
export function fields(doc: Doc, pairs: [string, string | null][]) {
  const shown = pairs.filter((pair): pair is [string, string] => pair[1] !== null && pair[1] !== '');
  const columnWidth = (doc.page.width - 2 * MARGIN - 20) / 2;
  for (let i = 0; i < shown.length; i += 2) {
    keepTogether(doc, 28);
    const top = doc.y;
    let bottom = top;
    shown.slice(i, i + 2).forEach(([label, value], column) => {
      const x = MARGIN + column * (columnWidth + 20);
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor(MUTED)
        .text(label.toUpperCase(), x, top, { width: columnWidth });
      doc
        .font('Helvetica')
        .fontSize(10)
        .fillColor(INK)
        .text(value, x, doc.y + 1, { width: columnWidth });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = MARGIN;
    doc.y = bottom + 6;
  }
}

export function paragraph(doc: Doc, label: string, text: string) {
  keepTogether(doc, 40);
  doc.x = MARGIN;
  doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(label.toUpperCase());
  doc.font('Helvetica').fontSize(10).fillColor(INK).text(text, { paragraphGap: 4 });
}

export function muted(doc: Doc, text: string) {
  doc.x = MARGIN;
  doc.font('Helvetica-Oblique').fontSize(10).fillColor(MUTED).text(text);
}

export interface Column {
  title: string;
  /** Points; the columns without one share what is left. */
  width?: number;
  align?: 'left' | 'right';
}

/** A table with a header row. */
export function table(doc: Doc, columns: Column[], rows: string[][]) {
  doc.x = MARGIN;
  doc.font('Helvetica').fontSize(9).fillColor(INK);
  doc.table({
    columnStyles: columns.map(({ width, align }) => ({ width: width ?? '*', align: { x: align ?? 'left' } })),
    defaultStyle: { border: { bottom: 0.5 }, borderColor: RULE, padding: [4, 4, 4, 4] },
    rowStyles: (row) => (row === 0 ? { backgroundColor: BAND } : undefined),
    data: [
      columns.map(({ title }) => ({ text: title, type: 'TH' as const, font: { src: 'Helvetica-Bold' } })),
      ...rows,
    ],
  });
  doc.x = MARGIN;
}

/** About how tall a block of a heading, a table of `rows` and `totalRows` totals is, to keep it on one page. */
export function blockHeight(doc: Doc, rows: number, totalRows: number) {
  const height = 60 + (rows + 1) * 20 + totalRows * 12 + 20;
  return Math.min(height, (doc.page.height - 2 * MARGIN) / 2);
}

/**
 * A bold title with a status on the right, then muted lines of who and when. It starts a new page unless
 * `height` points (the block it heads) fit on this one.
 */
export function subheading(doc: Doc, title: string, status: string, details: string[], height: number) {
  keepTogether(doc, height);
  doc.moveDown(0.4);
  const top = doc.y;
  const width = doc.page.width - 2 * MARGIN;
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(INK)
    .text(title, MARGIN, top, { width: width - 120 });
  const bottom = doc.y;
  doc.text(status, MARGIN, top, { width, align: 'right' });
  doc.x = MARGIN;
  doc.y = bottom;
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  for (const line of details.filter(Boolean)) doc.text(line, { width });
  doc.fillColor(INK);
  doc.moveDown(0.3);
}

/** Label and amount pairs, right-aligned under a table; the last one (the total) in bold. */
export function totals(doc: Doc, pairs: [string, number][]) {
  const width = 200;
  const x = doc.page.width - MARGIN - width;
  keepTogether(doc, pairs.length * 13 + 8);
  doc.moveDown(0.3);
  pairs.forEach(([label, cents], index) => {
    const last = index === pairs.length - 1;
    const top = doc.y;
    doc
      .font(last ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(9)
      .fillColor(last ? INK : MUTED)
      .text(label, x, top, { width: width - 90 });
    doc.fillColor(INK).text(formatCents(cents), x + width - 90, top, { width: 90, align: 'right' });
  });
  doc.x = MARGIN;
  doc.moveDown(0.6);
}

/** Collects a document's bytes; call before drawing, `doc.end()` after. */
export function pdfBuffer(doc: Doc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/**
 * The grey band at the top of a document: a small kicker and a large title on the left, a bold status and
 * muted lines on the right. Leaves the cursor below it.
 */
export function band(doc: Doc, input: { kicker: string; title: string; status: string; lines: string[] }) {
  const width = doc.page.width - 2 * MARGIN;
  doc.rect(MARGIN, MARGIN, width, 70).fill(BAND);
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(9)
    .text(input.kicker.toUpperCase(), MARGIN + 14, MARGIN + 12);
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(22)
    .text(input.title, MARGIN + 14, MARGIN + 26);
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(input.status, MARGIN, MARGIN + 16, { width: width - 14, align: 'right' });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  input.lines.forEach((line, index) =>
    doc.text(line, MARGIN, MARGIN + 33 + index * 13, { width: width - 14, align: 'right' }),
  );
  doc.x = MARGIN;
  doc.y = MARGIN + 84;
}

/** `left · Page n of m` at the foot of every page (the document needs `bufferPages: true`). */
export function pageFooter(doc: Doc, left: string) {
  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index++) {
    doc.switchToPage(range.start + index);
    const y = doc.page.height - MARGIN + 14;
    // Writing inside the bottom margin must not start a new page.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(left, MARGIN, y, { lineBreak: false })
      .text(`Page ${index + 1} of ${range.count}`, MARGIN, y, {
        width: doc.page.width - 2 * MARGIN,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottomMargin;
  }
}
