import type { Estimate } from '@shared/estimates.js';
import type { estimateLines, estimates } from '../../db/schema/index.js';

type EstimateRow = typeof estimates.$inferSelect;
type LineRow = typeof estimateLines.$inferSelect;

/** An estimate row, its lines and its people as the API answers it. */
export function presentEstimate(
  row: EstimateRow,
  lines: LineRow[],
  people: Pick<Estimate, 'createdBy' | 'decidedBy'>,
): Estimate {
  return {
    id: row.id,
    claimId: row.claimId,
    source: row.source,
    number: row.number,
    supplementNumber: row.supplementNumber,
    status: row.status,
    laborRateCents: row.laborRateCents,
    laborRateSource: row.laborRateSource,
    taxRatePercent: row.taxRatePercent,
    taxLabor: row.taxLabor,
    note: row.note,
    partsCents: row.partsCents,
    laborCents: row.laborCents,
    paintCents: row.paintCents,
    otherCents: row.otherCents,
    subtotalCents: row.subtotalCents,
    taxCents: row.taxCents,
    totalCents: row.totalCents,
    lines: lines.map((line) => ({
      id: line.id,
      position: line.position,
      operation: line.operation,
      description: line.description,
      partNumber: line.partNumber,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      laborHours: line.laborHours,
      priceCents: line.priceCents,
      laborCents: line.laborCents,
      totalCents: line.totalCents,
    })),
    version: row.version,
    ...people,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionNote: row.decisionNote,
  };
}
