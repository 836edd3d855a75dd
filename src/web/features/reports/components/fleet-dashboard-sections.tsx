/** The Fleet Dashboard's figures and sections: today's figures, then each chart or list with its table. */
import { Link } from 'wouter';
import { formatCents } from '@shared/money';
import type { FleetClaim, FleetDashboard } from '@shared/fleet-dashboard';

import { type ChartConfig } from '../../../components/ui/chart';
import { formatRelativeTime } from '../../../lib/format-relative-time';
import { cn } from '../../../lib/utils';
import { ClaimStatusBadge } from '../../claims';
import { vehiclesDownContext } from '../../dashboard';
import { reportClaimsHref } from '../api/get-report';
import { type ReportColumn } from './report-table';
import { ChartTableSection } from './chart-table-section';
import { ReportChart } from './lazy-report-chart';
import { compactMoney, shortDate } from './report-card';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const claimColumns: ReportColumn<FleetClaim>[] = [
  {
    header: 'Claim',
    value: (row) => row.claimNumber,
    display: (row) => (
      <Link
        href={`/vehicles/${row.id}`}
        className="text-primary font-medium underline-offset-4 hover:underline"
      >
        {row.claimNumber}
      </Link>
    ),
  },
  { header: 'Unit', value: (row) => row.unitNumber },
  { header: 'Vehicle', value: (row) => row.vehicle },
  {
    header: 'Status',
    value: (row) => row.status,
    display: (row) => <ClaimStatusBadge status={row.status} />,
  },
  { header: 'Facility', value: (row) => row.facilityName, display: (row) => row.facilityName ?? '—' },
  { header: 'Days down', value: (row) => row.daysDown, numeric: true },
  {
    header: 'ETA',
    value: (row) => row.eta,
    display: (row) =>
      row.eta ? (
        <span className={cn(row.overdue && 'text-destructive font-semibold')}>
          {shortDate(row.eta)}
          {row.overdue && <span className="ml-1">(overdue)</span>}
        </span>
      ) : (
        '—'
      ),
  },
  {
    header: 'Shop’s last update',
    value: (row) => row.shopUpdatedAt,
    display: (row) => (row.shopUpdatedAt ? formatRelativeTime(row.shopUpdatedAt) : '—'),
  },
];

const trendConfig = {
  vehicleDays: { label: 'Vehicle-days lost', color: 'var(--chart-5)' },
} satisfies ChartConfig;
const spendConfig = {
  thisYearCents: { label: 'This year', color: 'var(--chart-1)' },
  lastYearCents: { label: 'Last year', color: 'var(--chart-3)' },
} satisfies ChartConfig;
const locationConfig = { open: { label: 'Open claims', color: 'var(--chart-2)' } } satisfies ChartConfig;

export function FleetDashboardSections({ data }: { data: FleetDashboard }) {
  const { down, spend } = data;
  type Month = FleetDashboard['spend']['months'][number];
  type Location = FleetDashboard['locations'][number];
  type Vehicle = FleetDashboard['mostDowntime'][number];
  type Week = FleetDashboard['downtimeTrend'][number];
  return (
    <div className="grid gap-6 print:gap-4">
      <section aria-label="Today" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[
          {
            label: 'Vehicles down now',
            value: down.vehicles.toLocaleString('en-US'),
            href: reportClaimsHref(down.claims.filter),
            // The figure counts vehicles, its link and the table below their claims.
            note: vehiclesDownContext(down.vehicles, down.claims.count, down.open.count),
          },
          {
            label: 'Down past their ETA',
            value: down.overdue.count.toLocaleString('en-US'),
            href: reportClaimsHref(down.overdue.filter),
            alert: down.overdue.count > 0,
          },
          {
            label: `Spend ${spend.year} to date`,
            value: formatCents(spend.thisYear.cents),
            href: reportClaimsHref(spend.thisYear.filter),
          },
          {
            label: `Spend ${spend.year - 1}, same dates`,
            value: formatCents(spend.lastYear.cents),
            href: reportClaimsHref(spend.lastYear.filter),
          },
        ].map((figure) => (
          <div key={figure.label} className="bg-card grid content-start gap-1 rounded-xl border p-4">
            <span className="text-muted-foreground text-sm">{figure.label}</span>
            <Link
              href={figure.href}
              className={cn(
                'text-2xl font-semibold tabular-nums underline-offset-4 hover:underline',
                figure.alert && 'text-destructive',
              )}
            >
              {figure.value}
            </Link>
            {'note' in figure && <span className="text-muted-foreground text-xs">{figure.note}</span>}
          </div>
        ))}
      </section>

      <ChartTableSection
        id="fleet-down"
        title="Vehicles down now"
        description="Open claims keeping a vehicle off the road, longest down first. Overdue ETAs are in red."
        empty={down.items.length === 0}
        emptyMessage="No vehicle is down."
        tables={[
          { caption: 'Vehicles down now', columns: claimColumns, rows: down.items, rowKey: (row) => row.id },
        ]}
      />

      <div className="grid gap-6 xl:grid-cols-2">
        <ChartTableSection<Week>
          id="fleet-trend"
          title="Downtime trend"
          description="Vehicle-days lost per week, the last 26 weeks."
          empty={data.downtimeTrend.every((week) => week.vehicleDays === 0)}
          emptyMessage="No downtime in the last 26 weeks."
          foldTables
          chart={
            <ReportChart
              config={trendConfig}
              className="h-64"
              data={data.downtimeTrend.map((week) => ({ ...week, label: shortDate(week.week) }))}
              labelGap={24}
              valueWidth={36}
              series={[{ key: 'vehicleDays', line: true }]}
            />
          }
          tables={[
            {
              caption: 'Vehicle-days lost per week',
              columns: [
                { header: 'Week of', value: (row) => row.week, display: (row) => shortDate(row.week) },
                { header: 'Vehicle-days', value: (row) => row.vehicleDays, numeric: true },
              ],
              rows: data.downtimeTrend,
              rowKey: (row) => row.week,
            },
          ]}
        />

        <ChartTableSection<Month>
          id="fleet-spend"
          title="Spend by month"
          description={`Final amounts of the claims completed each month, ${spend.year} against ${spend.year - 1}.`}
          empty={spend.months.every((month) => month.thisYearCents === 0 && month.lastYearCents === 0)}
          emptyMessage={`No claim was completed with a final amount in ${spend.year} or ${spend.year - 1}.`}
          foldTables
          chart={
            <ReportChart
              config={spendConfig}
              className="h-64"
              data={spend.months.map((month) => ({ ...month, label: MONTHS[month.month - 1]! }))}
              format={(value) => formatCents(value ?? 0)}
              valueTick={compactMoney}
              valueWidth={56}
              animate={false}
              series={[{ key: 'lastYearCents' }, { key: 'thisYearCents' }]}
            />
          }
          tables={[
            {
              caption: 'Spend by month',
              columns: [
                { header: 'Month', value: (row) => MONTHS[row.month - 1]! },
                {
                  header: String(spend.year),
                  value: (row) => row.thisYearCents / 100,
                  display: (row) => formatCents(row.thisYearCents),
                  numeric: true,
                },
                {
                  header: String(spend.year - 1),
                  value: (row) => row.lastYearCents / 100,
                  display: (row) => formatCents(row.lastYearCents),
                  numeric: true,
                },
              ],
              rows: spend.months,
              rowKey: (row) => String(row.month),
            },
          ]}
        />
      </div>

      <div className="grid gap-6 xl:grid-cols-2">
        <ChartTableSection<Location>
          id="fleet-locations"
          title="Claims per location"
          description={`Open claims, and claims reported in ${spend.year}.`}
          empty={data.locations.length === 0}
          emptyMessage="No claims at any location."
          chart={
            <ReportChart
              config={locationConfig}
              className="h-56"
              data={data.locations.map((row) => ({ label: row.name, open: row.open.count }))}
              wholeNumbers
              animate={false}
              series={[{ key: 'open' }]}
            />
          }
          tables={[
            {
              caption: 'Claims per location',
              columns: [
                { header: 'Location', value: (row) => row.name },
                { header: 'Open', value: (row) => row.open.count, count: (row) => row.open, numeric: true },
                {
                  header: `Reported in ${spend.year}`,
                  value: (row) => row.thisYear.count,
                  count: (row) => row.thisYear,
                  numeric: true,
                },
              ],
              rows: data.locations,
              rowKey: (row) => row.id ?? row.name,
            },
          ]}
        />

        <ChartTableSection<Vehicle>
          id="fleet-most-downtime"
          title="Most downtime"
          description="Vehicles with the most whole days down over the last 365 days."
          empty={data.mostDowntime.length === 0}
          emptyMessage="No vehicle was down a whole day in the last 365 days."
          tables={[
            {
              caption: 'Vehicles with the most downtime',
              columns: [
                { header: 'Unit', value: (row) => row.unitNumber },
                { header: 'Vehicle', value: (row) => row.vehicle },
                { header: 'Days down', value: (row) => row.daysDown, numeric: true },
                {
                  header: 'Claims',
                  value: (row) => row.claims.count,
                  count: (row) => row.claims,
                  numeric: true,
                },
              ],
              rows: data.mostDowntime,
              rowKey: (row) => row.vehicleId,
            },
          ]}
        />
      </div>

      <ChartTableSection
        id="fleet-upcoming"
        title="Upcoming returns"
        description="Open claims whose ETA is in the next 7 days."
        empty={data.upcomingReturns.length === 0}
        emptyMessage="No vehicle is due back in the next 7 days."
        tables={[
          {
            caption: 'Upcoming returns',
            columns: claimColumns,
            rows: data.upcomingReturns,
            rowKey: (row) => row.id,
          },
        ]}
      />
    </div>
  );
}
