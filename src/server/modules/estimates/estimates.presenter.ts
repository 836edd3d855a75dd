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
      laborType: line.laborType,
      change: null,
    })),
    version: row.version,
    ...people,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionNote: row.decisionNote,
    external:
      row.externalId !== null && row.externalVersion !== null
        ? { documentId: row.externalId, version: row.externalVersion, preliminary: row.preliminary }
        : null,
    deductibleCents: row.deductibleCents,
    netCents: row.netCents,
    changes: null,
  };
}

type Line = Estimate['lines'][number];
const sameLine = (a: Line, b: Line) =>
  a.description === b.description &&
  a.operation === b.operation &&
  a.partNumber === b.partNumber &&
  a.quantity === b.quantity &&
  a.unitPriceCents === b.unitPriceCents &&
  a.laborHours === b.laborHours &&
  a.totalCents === b.totalCents;

/**
 * Marks what each imported version changed since the previous version of the same CCC estimate (lines
 * matched by CCC's UniqueSequenceNum): lines added or changed, and the lines removed.
 */
export function withVersionChanges(list: Estimate[], keys: Map<string, string | null>): Estimate[] {
  const keyed = (line: Line) => keys.get(line.id) ?? `#${line.position}`;
  return list.map((estimate) => {
    if (!estimate.external || estimate.external.version === 0) return estimate;
    const { documentId, version } = estimate.external;
    const previous = list
      .filter((other) => other.external?.documentId === documentId && other.external.version < version)
      .sort(
        (a, b) =>
          b.external!.version - a.external!.version ||
          Number(a.external!.preliminary) - Number(b.external!.preliminary),
      )[0];
    if (!previous) return estimate;
    const before = new Map(previous.lines.map((line) => [keyed(line), line]));
    const seen = new Set<string>();
    let added = 0;
    let changed = 0;
    const lines = estimate.lines.map((line) => {
      const key = keyed(line);
      seen.add(key);
      const old = before.get(key);
      const change: Line['change'] = !old ? 'added' : sameLine(old, line) ? null : 'changed';
      if (change === 'added') added += 1;
      if (change === 'changed') changed += 1;
      return { ...line, change };
    });
    const removed = [...before.entries()]
      .filter(([key]) => !seen.has(key))
      .map(([, line]) => ({ description: line.description, totalCents: line.totalCents }));
    return {
      ...estimate,
      lines,
      changes: { comparedWith: previous.external!.version, added, changed, removed },
    };
  });
}
