import { estimateTaxLabel, type EstimateTotals as Totals } from '@shared/estimate-totals';
import { formatCents } from '@shared/money';

import { cn } from '../../../lib/utils';

/** An estimate's totals: parts, labour (at its rate), paint, other, subtotal, tax and total. */
export function EstimateTotals({
  totals,
  laborRateCents,
  taxRatePercent,
  taxLabor,
  className,
  live = false,
}: {
  totals: Totals;
  laborRateCents: number | null;
  taxRatePercent: number;
  taxLabor: boolean;
  className?: string;
  /** While typing: screen readers hear the total as it changes. */
  live?: boolean;
}) {
  const rows: [string, number, string?][] = [
    ['Parts', totals.partsCents],
    [
      'Labour',
      totals.laborCents,
      laborRateCents === null ? undefined : `at ${formatCents(laborRateCents)}/h`,
    ],
    ['Paint & refinish', totals.paintCents],
    ['Sublet & other', totals.otherCents],
    ['Subtotal', totals.subtotalCents],
    ['Tax', totals.taxCents, estimateTaxLabel(taxRatePercent, taxLabor)],
  ];
  return (
    <dl className={cn('grid gap-1.5 text-sm tabular-nums', className)}>
      {rows.map(([label, cents, hint]) => (
        <div
          key={label}
          className={cn('flex justify-between gap-4', label === 'Subtotal' && 'border-t pt-1.5')}
        >
          <dt className="text-muted-foreground">
            {label}
            {hint && <span className="text-xs"> · {hint}</span>}
          </dt>
          <dd>{formatCents(cents)}</dd>
        </div>
      ))}
      <div
        className="flex justify-between gap-4 border-t pt-1.5 text-base font-semibold"
        aria-live={live ? 'polite' : undefined}
      >
        <dt>Total</dt>
        <dd>{formatCents(totals.totalCents)}</dd>
      </div>
    </dl>
  );
}
