import { lazy, useState } from 'react';
import { MailIcon } from 'lucide-react';
import { REPORT_DATE_FIELD_LABELS, REPORT_RANGE_LABELS, type ReportFilter } from '@shared/reports';
import { STATUS_LABELS } from '@shared/workflows';

import { FormDialog } from '../../../components/form-dialog';
import { Button } from '../../../components/ui/button';
import { WORKFLOW_LABELS } from '../../claims';

const SubscribeForm = lazy(() => import('./report-subscribe-form'));

export interface ReportFilterNames {
  company: string | null;
  location: string | null;
  facility: string | null;
}

/** A report filter in words: "Last 30 days by reported date · Acme Rentals · Collision". */
export function describeReportFilter(
  filter: Partial<ReportFilter>,
  names: Partial<ReportFilterNames>,
): string {
  const range = filter.range ?? 'last_90_days';
  const days =
    range === 'custom' && filter.from && filter.to
      ? `${filter.from} to ${filter.to}`
      : REPORT_RANGE_LABELS[range];
  const parts = [
    `${days} by ${REPORT_DATE_FIELD_LABELS[filter.dateField ?? 'reported'].toLowerCase()} date`,
    filter.companyId ? (names.company ?? 'one company') : 'all your companies',
    filter.locationId ? (names.location ?? 'one location') : null,
    filter.workflow ? WORKFLOW_LABELS[filter.workflow] : null,
    filter.repairFacilityId ? (names.facility ?? 'one repair facility') : null,
    filter.status?.length ? filter.status.map((status) => STATUS_LABELS[status]).join(', ') : null,
  ];
  return parts.filter(Boolean).join(' · ');
}

/**
 * "Email me this report": saves the page's filters as a weekly or monthly subscription. The date preset is
 * kept, so each mail covers the days before it; times are the report's company's time zone.
 */
export function ReportSubscribeDialog({
  filter,
  names,
}: {
  filter: ReportFilter;
  names: Partial<ReportFilterNames>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      className="sm:max-w-lg"
      trigger={
        <Button variant="outline" className="print:hidden">
          <MailIcon aria-hidden="true" />
          Email me this report
        </Button>
      }
      title="Email me this report"
      description={
        <>
          {describeReportFilter(filter, names)}. The PDF comes by email
          {filter.range === 'custom'
            ? ', always for these same days.'
            : '; the period moves with the calendar, so each mail covers the days before it.'}{' '}
          Times are in the company’s time zone. A report without claims is not sent.
        </>
      }
    >
      {open && <SubscribeForm filter={filter} names={names} onDone={() => setOpen(false)} />}
    </FormDialog>
  );
}
