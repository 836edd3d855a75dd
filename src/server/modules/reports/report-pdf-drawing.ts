import { formatCents } from '@shared/money.js';
import {
  INK,
  keepTogether,
  MARGIN,
  muted,
  MUTED,
  RULE,
  table,
  type Column,
  type Doc,
} from '../claim-report/index.js';

/** The report PDF's drawing parts: its number formats, its bar chart and its tables (report-pdf.ts). */

export const days = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)} d`);
export const rate = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1)}%`);
export const money = (cents: number | null) => (cents === null ? '—' : formatCents(cents));
const CHART_COLOURS = ['#2563eb', '#d97706', '#059669', '#7c3aed'];

/** A horizontal bar chart, drawn as vector rectangles, one row per item and one bar per series. */
export function barChart(
  doc: Doc,
  title: string,
  items: { label: string; values: number[] }[],
  series: string[],
  format: (value: number) => string,
) {
  const shown = items.slice(0, 12);
  if (shown.length === 0) return;
  const barHeight = 7;
  const rowHeight = series.length * (barHeight + 1) + 6;
  const height = 26 + shown.length * rowHeight + 14;
  keepTogether(doc, height);
  const left = MARGIN + 120;
  const width = doc.page.width - MARGIN - left - 60;
  const max = Math.max(1, ...shown.flatMap((item) => item.values));
  let y = doc.y + 4;
  doc.font('Helvetica-Bold').fontSize(9).fillColor(INK).text(title, MARGIN, y);
  // The legend.
  let legendX = MARGIN + 240;
  series.forEach((name, index) => {
    doc.rect(legendX, y + 1, 7, 7).fill(CHART_COLOURS[index % CHART_COLOURS.length]!);
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(name, legendX + 10, y, { lineBreak: false });
    legendX += 14 + doc.widthOfString(name) + 12;
  });
  y += 16;
  doc
    .moveTo(left, y)
    .lineTo(left, y + shown.length * rowHeight)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  for (const item of shown) {
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(INK)
      .text(item.label, MARGIN, y + 2, { width: 115, height: rowHeight, ellipsis: true, lineBreak: false });
    item.values.forEach((value, index) => {
      const barY = y + index * (barHeight + 1);
      const barWidth = Math.max(value > 0 ? 1 : 0, (value / max) * width);
      if (barWidth > 0)
        doc.rect(left, barY, barWidth, barHeight).fill(CHART_COLOURS[index % CHART_COLOURS.length]!);
      doc
        .font('Helvetica')
        .fontSize(7)
        .fillColor(MUTED)
        .text(format(value), left + barWidth + 4, barY, { lineBreak: false });
    });
    y += rowHeight;
  }
  doc.x = MARGIN;
  doc.y = y + 8;
}

/** A heading over a table that has no chart of its own above it. */
export function tableTitle(doc: Doc, title: string) {
  keepTogether(doc, 60);
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(9).fillColor(INK).text(title, MARGIN);
  doc.moveDown(0.3);
}

export function tableOrEmpty(doc: Doc, columns: Column[], rows: string[][]) {
  if (rows.length === 0) {
    muted(doc, 'No claims in this period match the filters.');
    return;
  }
  keepTogether(doc, Math.min(200, 24 + rows.length * 18));
  table(doc, columns, rows);
}
