import type { ReactNode } from 'react';
import { PrinterIcon } from 'lucide-react';
import { Bar, BarChart, CartesianGrid, Line, LineChart, XAxis, YAxis } from 'recharts';
import { Link } from 'wouter';
import { z } from 'zod';
import { formatCents } from '@shared/money';
import type { FleetClaim, FleetDashboard } from '@shared/reports';

import { FilterSelect, ListLoadError, useUrlFilters } from '../../../components/data-list';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import {
  ChartContainer,
  ChartLegend,
  ChartLegendContent,
  ChartTooltip,
  ChartTooltipContent,
  type ChartConfig,
} from '../../../components/ui/chart';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/utils';
import { ClaimStatusBadge } from '../../claims';
import { reportClaimsHref } from '../api/get-report';
import { useFleetDashboard } from '../api/get-fleet-dashboard';
import { ReportTable, type ReportColumn } from './report-table';

const fleetFilterSchema = z.object({ companyId: z.uuid().optional() });
const OPTIONS = { positionKeys: [] as const, pushHistory: true };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const shortDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card role="region" aria-labelledby={`fleet-${id}`} className="break-inside-avoid" data-section={id}>
      <CardHeader>
        <CardTitle>
          <h2 id={`fleet-${id}`} className="text-lg font-semibold">
            {title}
          </h2>
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="text-muted-foreground rounded-md border border-dashed p-6 text-center text-sm">
      {children}
    </p>
  );
}

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
];

const trendConfig = {
  vehicleDays: { label: 'Vehicle-days lost', color: 'var(--chart-5)' },
} satisfies ChartConfig;
const spendConfig = {
  thisYearCents: { label: 'This year', color: 'var(--chart-1)' },
  lastYearCents: { label: 'Last year', color: 'var(--chart-3)' },
} satisfies ChartConfig;
const locationConfig = { open: { label: 'Open claims', color: 'var(--chart-2)' } } satisfies ChartConfig;
const compactMoney = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact' }).format(
    cents / 100,
  );

function Dashboard({ data }: { data: FleetDashboard }) {
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
          <div key={figure.label} className="bg-card grid gap-1 rounded-xl border p-4">
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
          </div>
        ))}
      </section>

      <Section
        id="down"
        title="Vehicles down now"
        description="Open claims keeping a vehicle off the road, longest down first. Overdue ETAs are in red."
      >
        {down.items.length === 0 ? (
          <Empty>No vehicle is down.</Empty>
        ) : (
          <ReportTable
            caption="Vehicles down now"
            columns={claimColumns}
            rows={down.items}
            rowKey={(row) => row.id}
          />
        )}
      </Section>

      <div className="grid gap-6 xl:grid-cols-2">
        <Section
          id="trend"
          title="Downtime trend"
          description="Vehicle-days lost per week, the last 26 weeks."
        >
          {data.downtimeTrend.every((week) => week.vehicleDays === 0) ? (
            <Empty>No downtime in the last 26 weeks.</Empty>
          ) : (
            <>
              <ChartContainer config={trendConfig} className="h-64">
                <LineChart
                  data={data.downtimeTrend.map((week) => ({ ...week, label: shortDate(week.week) }))}
                  margin={{ left: 0, right: 8 }}
                >
                  <CartesianGrid vertical={false} />
                  <XAxis dataKey="label" tickLine={false} axisLine={false} minTickGap={24} />
                  <YAxis tickLine={false} axisLine={false} width={36} />
                  <ChartTooltip content={<ChartTooltipContent />} />
                  <Line
                    isAnimationActive={false}
                    dataKey="vehicleDays"
                    stroke="var(--color-vehicleDays)"
                    strokeWidth={2}
                    dot={false}
                  />
                </LineChart>
              </ChartContainer>
              <details className="text-sm">
                <summary className="text-muted-foreground cursor-pointer">Table</summary>
                <ReportTable<Week>
                  caption="Vehicle-days lost per week"
                  columns={[
                    { header: 'Week of', value: (row) => row.week, display: (row) => shortDate(row.week) },
                    { header: 'Vehicle-days', value: (row) => row.vehicleDays, numeric: true },
                  ]}
                  rows={data.downtimeTrend}
                  rowKey={(row) => row.week}
                />
              </details>
            </>
          )}
        </Section>

        <Section
          id="spend"
          title="Spend by month"
          description={`Final amounts of the claims completed each month, ${spend.year} against ${spend.year - 1}.`}
        >
          <ChartContainer config={spendConfig} className="h-64">
            <BarChart
              data={spend.months.map((month) => ({ ...month, label: MONTHS[month.month - 1] }))}
              margin={{ left: 8, right: 8 }}
            >
              <CartesianGrid vertical={false} />
              <XAxis dataKey="label" tickLine={false} axisLine={false} />
              <YAxis
                tickLine={false}
                axisLine={false}
                width={56}
                tickFormatter={(value: number) => compactMoney(value)}
              />
              <ChartTooltip
                content={<ChartTooltipContent formatValue={(value) => formatCents(value as number)} />}
              />
              <ChartLegend content={<ChartLegendContent />} />
              <Bar
                isAnimationActive={false}
                dataKey="lastYearCents"
                fill="var(--color-lastYearCents)"
                radius={[4, 4, 0, 0]}
              />
              <Bar
                isAnimationActive={false}
                dataKey="thisYearCents"
                fill="var(--color-thisYearCents)"
                radius={[4, 4, 0, 0]}
              />
            </BarChart>
          </ChartContainer>
          <details className="text-sm">
            <summary className="text-muted-foreground cursor-pointer">Table</summary>
            <ReportTable<Month>
              caption="Spend by month"
              columns={[
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
              ]}
              rows={spend.months}
              rowKey={(row) => String(row.month)}
            />
          </details>
        </Section>
      </div>

      <div className="grid gap-6 xl:grid-cols-2">
        <Section
          id="locations"
          title="Claims per location"
          description={`Open claims, and claims reported in ${spend.year}.`}
        >
          {data.locations.length === 0 ? (
            <Empty>No claims at any location.</Empty>
          ) : (
            <>
              <ChartContainer config={locationConfig} className="h-56">
                <BarChart
                  data={data.locations.map((row) => ({ label: row.name, open: row.open.count }))}
                  margin={{ left: 0, right: 8 }}
                >
                  <CartesianGrid vertical={false} />
                  <XAxis dataKey="label" tickLine={false} axisLine={false} interval={0} />
                  <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={32} />
                  <ChartTooltip content={<ChartTooltipContent />} />
                  <Bar
                    isAnimationActive={false}
                    dataKey="open"
                    fill="var(--color-open)"
                    radius={[4, 4, 0, 0]}
                  />
                </BarChart>
              </ChartContainer>
              <ReportTable<Location>
                caption="Claims per location"
                columns={[
                  { header: 'Location', value: (row) => row.name },
                  { header: 'Open', value: (row) => row.open.count, count: (row) => row.open, numeric: true },
                  {
                    header: `Reported in ${spend.year}`,
                    value: (row) => row.thisYear.count,
                    count: (row) => row.thisYear,
                    numeric: true,
                  },
                ]}
                rows={data.locations}
                rowKey={(row) => row.id ?? row.name}
              />
            </>
          )}
        </Section>

        <Section
          id="most-downtime"
          title="Most downtime"
          description="Vehicles with the most days down over the last 365 days."
        >
          {data.mostDowntime.length === 0 ? (
            <Empty>No vehicle was down in the last 365 days.</Empty>
          ) : (
            <ReportTable<Vehicle>
              caption="Vehicles with the most downtime"
              columns={[
                { header: 'Unit', value: (row) => row.unitNumber },
                { header: 'Vehicle', value: (row) => row.vehicle },
                { header: 'Days down', value: (row) => row.daysDown, numeric: true },
                {
                  header: 'Claims',
                  value: (row) => row.claims.count,
                  count: (row) => row.claims,
                  numeric: true,
                },
              ]}
              rows={data.mostDowntime}
              rowKey={(row) => row.vehicleId}
            />
          )}
        </Section>
      </div>

      <Section
        id="upcoming"
        title="Upcoming returns"
        description="Open claims whose ETA is in the next 7 days."
      >
        {data.upcomingReturns.length === 0 ? (
          <Empty>No vehicle is due back in the next 7 days.</Empty>
        ) : (
          <ReportTable
            caption="Upcoming returns"
            columns={claimColumns}
            rows={data.upcomingReturns}
            rowKey={(row) => row.id}
          />
        )}
      </Section>
    </div>
  );
}

/**
 * The Fleet Dashboard (`/fleet-dashboard`): one company's fleet today, for the morning meeting (it prints
 * without the app's frame). A user of several companies (or an admin) picks the company; the choice is in the
 * address. The server decides who may see which company (403 otherwise), and the screen says so.
 */
export function FleetDashboardView() {
  const { filter, setFilter } = useUrlFilters(fleetFilterSchema, OPTIONS);
  const dashboard = useFleetDashboard(filter.companyId);
  const data = dashboard.data;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        {data && data.companies.length > 1 ? (
          <FilterSelect
            label="Company"
            allLabel="First company"
            value={filter.companyId ?? data.company.id}
            options={data.companies.map((company) => ({ value: company.id, label: company.name }))}
            className="w-64"
            onChange={(companyId) => setFilter({ companyId })}
          />
        ) : (
          <span />
        )}
        <Button variant="outline" onClick={() => window.print()} disabled={!data}>
          <PrinterIcon aria-hidden="true" />
          Print
        </Button>
      </div>
      {dashboard.isError ? (
        <ListLoadError
          title="The Fleet Dashboard could not be shown"
          message={dashboard.error.message}
          retrying={dashboard.isFetching}
          onRetry={() => void dashboard.refetch()}
          className=""
        />
      ) : !data ? (
        <div className="grid gap-4" aria-busy="true" aria-label="Loading the Fleet Dashboard">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-72 w-full" />
        </div>
      ) : (
        <>
          <p className="text-muted-foreground text-sm" role="status">
            {data.company.name} on{' '}
            {new Date(`${data.today}T00:00:00Z`).toLocaleDateString('en-US', {
              weekday: 'long',
              month: 'long',
              day: 'numeric',
              year: 'numeric',
              timeZone: 'UTC',
            })}
          </p>
          <Dashboard data={data} />
        </>
      )}
    </div>
  );
}
