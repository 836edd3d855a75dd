import { ESTIMATE_OPERATION_LABELS, supplementLabel } from '@shared/estimate-labels';
import { estimateChanges } from '@shared/estimate-review';
import type { Estimate, EstimateLine } from '@shared/estimates';
import { formatCents } from '@shared/money';

const lineName = (line: EstimateLine) =>
  `${ESTIMATE_OPERATION_LABELS[line.operation]}: ${line.description}${line.partNumber ? ` (${line.partNumber})` : ''}`;

const signed = (cents: number) =>
  cents > 0 ? `+${formatCents(cents)}` : cents < 0 ? `−${formatCents(-cents)}` : formatCents(0);

/** Each change once: a line whose total is its unit price (one, no labour) says the price's change once. */
function what(before: EstimateLine, after: EstimateLine) {
  const parts: string[] = [];
  const totalIsUnitPrice =
    before.totalCents === before.unitPriceCents && after.totalCents === after.unitPriceCents;
  if (before.quantity !== after.quantity) parts.push(`qty ${before.quantity} → ${after.quantity}`);
  if (before.unitPriceCents !== after.unitPriceCents && !totalIsUnitPrice)
    parts.push(`unit ${formatCents(before.unitPriceCents)} → ${formatCents(after.unitPriceCents)}`);
  if (before.laborHours !== after.laborHours) parts.push(`hours ${before.laborHours} → ${after.laborHours}`);
  parts.push(`${formatCents(before.totalCents)} → ${formatCents(after.totalCents)}`);
  return parts.join(', ');
}

/**
 * What an estimate under review changes against the latest approved one (`estimateChanges`): the amount's
 * change, then the lines added, removed and changed. With nothing approved yet, says so.
 */
export function EstimateChanges({ estimate, base }: { estimate: Estimate; base: Estimate | null }) {
  if (!base) {
    return (
      <p className="text-muted-foreground text-sm" data-testid="estimate-changes">
        Nothing is approved yet on this claim to compare it with.
      </p>
    );
  }
  const changes = estimateChanges(base, estimate);
  const baseName = `${supplementLabel(base.supplementNumber).toLowerCase()} ${base.number}`;
  const untouched = !changes.added.length && !changes.removed.length && !changes.changed.length;
  return (
    <section
      aria-label={`Changes from ${baseName}`}
      data-testid="estimate-changes"
      className="bg-muted/40 grid max-h-64 gap-2 overflow-y-auto rounded-md border p-3 text-sm"
    >
      <p>
        <span className="font-medium">Against {baseName}, the latest approved: </span>
        <span className={changes.amountChangeCents < 0 ? 'text-destructive font-medium' : 'font-medium'}>
          {formatCents(base.totalCents)} → {formatCents(estimate.totalCents)} (
          {signed(changes.amountChangeCents)})
        </span>
      </p>
      {untouched ? (
        <p className="text-muted-foreground">The lines are the same.</p>
      ) : (
        <ul className="grid gap-1">
          {changes.added.map((line) => (
            <li key={`added-${line.id}`}>
              <span className="font-medium text-emerald-800">Added</span> {lineName(line)} ·{' '}
              {formatCents(line.totalCents)}
            </li>
          ))}
          {changes.removed.map((line) => (
            <li key={`removed-${line.id}`}>
              <span className="text-destructive font-medium">Removed</span> {lineName(line)} ·{' '}
              {formatCents(line.totalCents)}
            </li>
          ))}
          {changes.changed.map(({ before, after }) => (
            <li key={`changed-${after.id}`}>
              <span className="font-medium text-amber-800">Changed</span> {lineName(after)}:{' '}
              {what(before, after)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
