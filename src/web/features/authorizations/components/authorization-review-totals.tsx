import { formatCents } from '@shared/money';

/** Beside the lines of a request: the running total of the selected ones, the request and the limit. */
export function ReviewTotals({
  selectedTotalCents,
  selectedCount,
  lineCount,
  requestedCents,
  autoApprovalLimitCents,
}: {
  selectedTotalCents: number;
  selectedCount: number;
  lineCount: number;
  requestedCents: number;
  autoApprovalLimitCents: number | null;
}) {
  return (
    <dl className="bg-muted/40 grid gap-1.5 rounded-lg border p-4 text-sm tabular-nums">
      <div className="flex justify-between gap-4 text-base font-semibold" aria-live="polite">
        <dt>Selected</dt>
        <dd>
          {formatCents(selectedTotalCents)}{' '}
          <span className="text-muted-foreground text-sm font-normal">
            ({selectedCount} of {lineCount} {lineCount === 1 ? 'line' : 'lines'})
          </span>
        </dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-muted-foreground">Requested</dt>
        <dd>{formatCents(requestedCents)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-muted-foreground">Company auto-approval limit</dt>
        <dd>{autoApprovalLimitCents === null ? 'None' : formatCents(autoApprovalLimitCents)}</dd>
      </div>
    </dl>
  );
}
