import { useId } from 'react';
import { HeartPulseIcon, TriangleAlertIcon } from 'lucide-react';
import {
  DRIVER_REPORT_KIND_LABELS,
  DRIVER_REPORT_STATUS_LABELS,
  type DriverReport,
} from '@shared/driver-reports';

import { WrittenText } from '../../../components/data-list';
import { Badge } from '../../../components/ui/badge';
import { DriverReportActions } from './driver-report-actions';
import { DriverReportDetails } from './driver-report-details';
import { DriverReportPhotos } from './driver-report-photos';
import { HandledSummary } from './handled-summary';

const ALERT_BADGE =
  'border-red-200 bg-red-50 text-red-700 dark:border-red-900 dark:bg-red-950 dark:text-red-300';
const WARN_BADGE =
  'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200';

/** Someone hurt and a vehicle that cannot be driven show at the top of the card, before anything else. */
function Flags({ report }: { report: DriverReport }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      {report.injuries && (
        <Badge variant="outline" className={ALERT_BADGE}>
          <HeartPulseIcon aria-hidden="true" />
          Someone was hurt
        </Badge>
      )}
      {!report.drivable && (
        <Badge variant="outline" className={WARN_BADGE}>
          <TriangleAlertIcon aria-hidden="true" />
          Not drivable
        </Badge>
      )}
      {report.status !== 'new' && (
        <Badge variant="secondary">{DRIVER_REPORT_STATUS_LABELS[report.status]}</Badge>
      )}
    </div>
  );
}

/**
 * One driver report in full: its reference and kind, what the driver told and sent, then what to do about it
 * (a new one) or what became of it (a handled one).
 */
export function DriverReportCard({ report }: { report: DriverReport }) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="grid gap-4 p-4 sm:p-6">
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold">
            {report.reference} · {DRIVER_REPORT_KIND_LABELS[report.kind]}
          </h2>
          <p className="text-muted-foreground text-sm">
            Unit {report.vehicle.unitNumber} · {report.companyName}
          </p>
        </div>
        <Flags report={report} />
      </header>
      <DriverReportDetails report={report} />
      <WrittenText label="What happened">{report.description}</WrittenText>
      <section className="grid gap-2">
        <h3 className="text-sm font-medium">Photos</h3>
        <DriverReportPhotos report={report} />
      </section>
      {report.status === 'new' ? <DriverReportActions report={report} /> : <HandledSummary report={report} />}
    </article>
  );
}
