import { Link } from 'wouter';
import type { DriverReport } from '@shared/driver-reports';

import { DetailList, type DetailRow } from '../../../components/data-list';
import { RelativeTime } from '../../claims';

/** What became of a handled report: the claim it opened or joined, or why it was dismissed; who did it and when. */
export function HandledSummary({ report }: { report: DriverReport }) {
  const { claim, dismissReason, handledBy, handledAt } = report;
  const rows: DetailRow[] = [
    ...(claim
      ? [
          {
            label: 'Claim',
            value: (
              <Link
                href={`/vehicles/${claim.id}`}
                className="text-primary focus-visible:ring-ring/50 rounded-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px]"
              >
                {claim.claimNumber}
              </Link>
            ),
          },
        ]
      : []),
    ...(dismissReason ? [{ label: 'Reason', value: dismissReason }] : []),
    {
      label: 'Handled',
      value: (
        <span>
          {handledBy ?? 'Someone no longer in FleetClaims'}
          {handledAt && (
            <>
              {', '}
              <RelativeTime date={handledAt} />
            </>
          )}
        </span>
      ),
    },
  ];
  return (
    <section aria-label={`What became of ${report.reference}`} className="bg-muted/40 rounded-lg border p-3">
      <DetailList rows={rows} />
    </section>
  );
}
