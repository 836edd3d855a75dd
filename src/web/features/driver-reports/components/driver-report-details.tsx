import type { ReactNode } from 'react';
import { MailIcon, MapIcon, PhoneIcon, TriangleAlertIcon } from 'lucide-react';
import type { DriverReport } from '@shared/driver-reports';

import { DetailList, type DetailRow } from '../../../components/data-list';
import { formatCalendarDate, formatCalendarDateLong } from '../../../lib/format-calendar-date';
import { RelativeTime } from '../../claims';

const LINK_CLASS =
  'text-primary focus-visible:ring-ring/50 inline-flex items-center gap-1 rounded-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] [&_svg]:size-3.5 [&_svg]:shrink-0';

/** OpenStreetMap centred on where the phone said the driver was, with a marker. */
export const mapUrl = (latitude: number, longitude: number) =>
  `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;

/** "Nov 20 at 14:05", the day read as the driver gave it (never shifted by the browser's zone). */
function When({ report }: { report: DriverReport }) {
  return (
    <time dateTime={report.occurredOn} title={formatCalendarDateLong(report.occurredOn)}>
      {formatCalendarDate(report.occurredOn)}
      {report.occurredTime && ` at ${report.occurredTime}`}
    </time>
  );
}

function Place({ report }: { report: DriverReport }) {
  const { place, latitude, longitude } = report;
  const hasMap = latitude !== null && longitude !== null;
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      {place && <span>{place}</span>}
      {hasMap && (
        <a
          href={mapUrl(latitude, longitude)}
          target="_blank"
          rel="noopener noreferrer"
          className={LINK_CLASS}
        >
          <MapIcon aria-hidden="true" />
          {place ? 'Map' : `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`}
          <span className="sr-only"> (opens OpenStreetMap in a new tab)</span>
        </a>
      )}
    </span>
  );
}

/** A yes-or-no answer; the answer that needs attention stands out, with an icon, not colour alone. */
function Answer({ alert, children }: { alert: boolean; children: string }) {
  if (!alert) return <>{children}</>;
  return (
    <span className="inline-flex items-center gap-1.5 font-semibold text-red-700 dark:text-red-400">
      <TriangleAlertIcon aria-hidden="true" className="size-4 shrink-0" />
      {children}
    </span>
  );
}

function Driver({ report }: { report: DriverReport }) {
  const { driverName, driverPhone, driverEmail } = report;
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="font-medium">{driverName}</span>
      {driverPhone && (
        <a href={`tel:${driverPhone.replace(/[^\d+]/g, '')}`} className={LINK_CLASS}>
          <PhoneIcon aria-hidden="true" />
          {driverPhone}
        </a>
      )}
      {driverEmail && (
        <a href={`mailto:${driverEmail}`} className={`${LINK_CLASS} break-all`}>
          <MailIcon aria-hidden="true" />
          {driverEmail}
        </a>
      )}
    </span>
  );
}

/** The other vehicle's driver, plate, insurer and policy, one a line, as far as the driver gave them. */
function otherParty(report: DriverReport): string {
  return [
    report.otherPartyName,
    report.otherPartyPlate && `Plate ${report.otherPartyPlate}`,
    report.otherPartyInsurer && `Insurer ${report.otherPartyInsurer}`,
    report.otherPartyPolicy && `Policy ${report.otherPartyPolicy}`,
  ]
    .filter(Boolean)
    .join('\n');
}

/** What the driver told, as label–value rows; rows about another party, the police or witnesses only when given. */
export function DriverReportDetails({ report }: { report: DriverReport }) {
  const optional: [string, ReactNode][] = [
    ['Other party', otherParty(report)],
    ['Police report', report.policeReportNumber],
    ['Witnesses', report.witnesses],
  ];
  const rows: DetailRow[] = [
    { label: 'When', value: <When report={report} /> },
    {
      label: 'Vehicle',
      value: report.vehicle.line,
    },
    {
      label: 'Company',
      value: report.locationName ? `${report.companyName} · ${report.locationName}` : report.companyName,
    },
    {
      label: 'Place',
      value: (report.place || report.latitude !== null) && <Place report={report} />,
    },
    {
      label: 'Drivable',
      value: <Answer alert={!report.drivable}>{report.drivable ? 'Yes' : 'No, it cannot be driven'}</Answer>,
    },
    {
      label: 'Anyone hurt',
      value: <Answer alert={report.injuries}>{report.injuries ? 'Yes' : 'No'}</Answer>,
    },
    ...optional.filter(([, value]) => Boolean(value)).map(([label, value]) => ({ label, value })),
    { label: 'Driver', value: <Driver report={report} /> },
    { label: 'Sent', value: <RelativeTime date={report.createdAt} /> },
  ];
  return <DetailList rows={rows} />;
}
