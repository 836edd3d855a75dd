import { ESTIMATE_OPERATION_LABELS } from '@shared/estimate-labels';
import type { Estimate } from '@shared/estimates';
import { formatCents } from '@shared/money';

import { Badge } from '../../../components/ui/badge';
import { EstimateTotals } from './estimate-totals';

const CHANGE_LABELS = { added: 'New', changed: 'Changed' } as const;

/** "New" or "Changed" beside a line an imported supplement added or changed. */
function LineChange({ change }: { change: Estimate['lines'][number]['change'] }) {
  if (!change) return null;
  return (
    <Badge variant={change === 'added' ? 'default' : 'secondary'} className="ml-2 align-middle">
      {CHANGE_LABELS[change]}
    </Badge>
  );
}

const versionName = (version: number) => (version === 0 ? 'the original' : `supplement ${version}`);

/** What an imported supplement changed since the previous version of the CCC estimate. */
function VersionChanges({ changes }: { changes: NonNullable<Estimate['changes']> }) {
  const count = (n: number, what: string) => `${n} ${n === 1 ? 'line' : 'lines'} ${what}`;
  return (
    <div className="bg-muted/50 rounded-md border p-3 text-sm" role="note">
      <p>
        Since {versionName(changes.comparedWith)}: {count(changes.added, 'added')},{' '}
        {count(changes.changed, 'changed')}, {count(changes.removed.length, 'removed')}.
      </p>
      {changes.removed.length > 0 && (
        <ul className="text-muted-foreground mt-1 list-disc pl-5 text-xs">
          {changes.removed.map((line, index) => (
            <li key={index}>
              Removed: {line.description} ({formatCents(line.totalCents)})
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const quantity = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** An estimate's lines (a table from 768 px, a list on a phone), its totals and its notes. */
export function EstimateDetails({ estimate }: { estimate: Estimate }) {
  return (
    <div className="grid gap-4">
      {estimate.changes && <VersionChanges changes={estimate.changes} />}
      <div className="hidden md:block">
        <table className="w-full text-sm">
          <caption className="sr-only">Lines of {estimate.number}</caption>
          <thead className="text-muted-foreground border-b text-left text-xs">
            <tr>
              <th scope="col" className="py-2 pr-2 font-medium">
                Operation
              </th>
              <th scope="col" className="py-2 pr-2 font-medium">
                Description
              </th>
              <th scope="col" className="py-2 pr-2 text-right font-medium">
                Qty
              </th>
              <th scope="col" className="py-2 pr-2 text-right font-medium">
                Unit price
              </th>
              <th scope="col" className="py-2 pr-2 text-right font-medium">
                Hours
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Amount
              </th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {estimate.lines.map((line) => (
              <tr key={line.id} className="border-b last:border-0">
                <td className="py-2 pr-2 align-top whitespace-nowrap">
                  {ESTIMATE_OPERATION_LABELS[line.operation]}
                </td>
                <td className="py-2 pr-2 align-top">
                  {line.description}
                  <LineChange change={line.change} />
                  {line.partNumber && (
                    <span className="text-muted-foreground block font-mono text-xs">{line.partNumber}</span>
                  )}
                </td>
                <td className="py-2 pr-2 text-right align-top">{quantity.format(line.quantity)}</td>
                <td className="py-2 pr-2 text-right align-top">{formatCents(line.unitPriceCents)}</td>
                <td className="py-2 pr-2 text-right align-top">
                  {line.laborHours ? quantity.format(line.laborHours) : '—'}
                </td>
                <td className="py-2 text-right align-top">{formatCents(line.totalCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="divide-y text-sm md:hidden" aria-label={`Lines of ${estimate.number}`}>
        {estimate.lines.map((line) => (
          <li key={line.id} className="grid gap-0.5 py-2 first:pt-0">
            <div className="flex justify-between gap-3">
              <span className="font-medium">
                {line.description}
                <LineChange change={line.change} />
              </span>
              <span className="tabular-nums">{formatCents(line.totalCents)}</span>
            </div>
            <p className="text-muted-foreground text-xs tabular-nums">
              {ESTIMATE_OPERATION_LABELS[line.operation]} · {quantity.format(line.quantity)} ×{' '}
              {formatCents(line.unitPriceCents)}
              {line.laborHours ? ` · ${quantity.format(line.laborHours)} h` : ''}
              {line.partNumber ? ` · ${line.partNumber}` : ''}
            </p>
          </li>
        ))}
      </ul>
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="grid content-start gap-3 text-sm">
          {estimate.note && (
            <div>
              <p className="text-muted-foreground text-xs font-medium">Note</p>
              <p className="break-words whitespace-pre-wrap">{estimate.note}</p>
            </div>
          )}
          {estimate.decisionNote && (
            <div>
              <p className="text-muted-foreground text-xs font-medium">
                {estimate.status === 'rejected' ? 'Why it was rejected' : 'Approval note'}
              </p>
              <p className="break-words whitespace-pre-wrap">{estimate.decisionNote}</p>
            </div>
          )}
        </div>
        <EstimateTotals
          totals={estimate}
          laborRateCents={estimate.laborRateCents}
          taxRatePercent={estimate.taxRatePercent}
          taxLabor={estimate.taxLabor}
        />
      </div>
    </div>
  );
}
