import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, ComposedChart, Line, XAxis, YAxis } from 'recharts';
import { useLocation } from 'wouter';
import { formatCents } from '@shared/money';
import {
  AUTHORIZATION_KIND_LABELS,
  REPORT_SECTION_TITLES,
  type CostRow,
  type CycleRow,
  type Report,
  type ReportCount,
  type ReportSection,
  type ScorecardRow,
} from '@shared/reports';
import { STATUS_LABELS } from '@shared/workflows';

import {
  ChartContainer,
  ChartLegend,
  ChartLegendContent,
  ChartTooltip,
  ChartTooltipContent,
  type ChartConfig,
} from '../../../components/ui/chart';
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { WORKFLOW_LABELS } from '../../claims';
import { reportClaimsHref } from '../api/get-report';
import { CsvButton, ReportTable, type ReportColumn } from './report-table';

export const formatDays = (days: number | null) => (days === null ? '—' : `${days.toFixed(1)} d`);
export const formatRate = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1)}%`);
const money = (cents: number | null) => (cents === null ? '—' : formatCents(cents));
const compactMoney = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact' }).format(
    cents / 100,
  );
const shortDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
const monthName = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

function count<Row>(header: string, pick: (row: Row) => ReportCount): ReportColumn<Row> {
  return { header, value: (row) => pick(row).count, count: pick, numeric: true };
}

/** A section: its title, what it shows, its chart (or why there is none) and its table, with a CSV. */
function ReportCard<Row>({
  section,
  description,
  chart,
  tables,
  empty,
}: {
  section: ReportSection;
  description: string;
  chart: ReactNode;
  tables: {
    caption: string;
    columns: readonly ReportColumn<Row>[];
    rows: readonly Row[];
    rowKey: (row: Row) => string;
    sortable?: boolean;
    csv?: boolean;
  }[];
  empty: boolean;
}) {
  const title = REPORT_SECTION_TITLES[section];
  const csvTable = tables.find((table) => table.csv !== false) ?? tables[0]!;
  return (
    <Card
      className="break-inside-avoid"
      aria-labelledby={`report-${section}`}
      role="region"
      data-section={section}
    >
      <CardHeader>
        <CardTitle>
          <h2 id={`report-${section}`} className="text-lg font-semibold">
            {title}
          </h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
        <CardAction className="print:hidden">
          <CsvButton
            name={`report-${section}`}
            title={title}
            columns={csvTable.columns}
            rows={csvTable.rows}
          />
        </CardAction>
      </CardHeader>
      <CardContent className="grid gap-4">
        {empty ? (
          <p className="text-muted-foreground rounded-md border border-dashed p-6 text-center text-sm">
            No claims in this period match the filters.
          </p>
        ) : (
          <>
            {chart}
            {tables.map((table) => (
              <ReportTable key={table.caption} {...table} />
            ))}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Clicking a bar opens All Claims filtered to what it counts. */
function useOpenClaims() {
  const [, navigate] = useLocation();
  return (figure: ReportCount | undefined) => {
    if (figure) navigate(reportClaimsHref(figure.filter));
  };
}

// 1. Volume ----------------------------------------------------------------------------------------------------

const volumeConfig = {
  collision: { label: 'Collision', color: 'var(--chart-1)' },
  mechanical: { label: 'Mechanical', color: 'var(--chart-3)' },
  open: { label: 'Still open', color: 'var(--chart-5)' },
  finished: { label: 'Finished', color: 'var(--chart-2)' },
} satisfies ChartConfig;

function VolumeSection({ report }: { report: Report }) {
  const open = useOpenClaims();
  const { volume } = report;
  const label = (period: string) =>
    volume.interval === 'week' ? `Week of ${shortDate(period)}` : monthName(period);
  type Row = Report['volume']['periods'][number];
  const byWorkflow = (row: Row, workflow: 'collision' | 'mechanical') =>
    row.workflows.find((entry) => entry.workflow === workflow) ?? { count: 0, filter: row.total.filter };
  const data = volume.periods.map((row) => ({
    label: label(row.period),
    collision: byWorkflow(row, 'collision').count,
    mechanical: byWorkflow(row, 'mechanical').count,
    open: row.open.count,
    finished: row.finished.count,
    row,
  }));
  const columns: ReportColumn<Row>[] = [
    {
      header: volume.interval === 'week' ? 'Week of' : 'Month',
      value: (row) => row.period,
      display: (row) => label(row.period),
    },
    count('Claims', (row: Row) => row.total),
    count('Collision', (row: Row) => byWorkflow(row, 'collision')),
    count('Mechanical', (row: Row) => byWorkflow(row, 'mechanical')),
    count('Still open', (row: Row) => row.open),
    count('Finished', (row: Row) => row.finished),
  ];
  return (
    <ReportCard
      section="volume"
      description={`Claims per ${volume.interval} by workflow, and how many of them are still open.`}
      empty={volume.periods.length === 0}
      chart={
        <ChartContainer config={volumeConfig} className="h-72">
          <ComposedChart data={data} margin={{ left: 0, right: 8 }}>
            <CartesianGrid vertical={false} />
            <XAxis dataKey="label" tickLine={false} axisLine={false} minTickGap={16} />
            <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={32} />
            <ChartTooltip content={<ChartTooltipContent />} />
            <ChartLegend content={<ChartLegendContent />} />
            <Bar
              dataKey="collision"
              stackId="volume"
              fill="var(--color-collision)"
              cursor="pointer"
              onClick={(entry) => open(byWorkflow((entry.payload as { row: Row }).row, 'collision'))}
            />
            <Bar
              dataKey="mechanical"
              stackId="volume"
              fill="var(--color-mechanical)"
              radius={[4, 4, 0, 0]}
              cursor="pointer"
              onClick={(entry) => open(byWorkflow((entry.payload as { row: Row }).row, 'mechanical'))}
            />
            <Line
              isAnimationActive={false}
              dataKey="open"
              stroke="var(--color-open)"
              strokeWidth={2}
              dot={false}
            />
            <Line
              isAnimationActive={false}
              dataKey="finished"
              stroke="var(--color-finished)"
              strokeWidth={2}
              dot={false}
            />
          </ComposedChart>
        </ChartContainer>
      }
      tables={[
        { caption: 'Claim volume per period', columns, rows: volume.periods, rowKey: (row) => row.period },
      ]}
    />
  );
}

// 2. Cycle time and downtime -----------------------------------------------------------------------------------

const cycleConfig = {
  median: { label: 'Median days', color: 'var(--chart-1)' },
  p90: { label: '90th percentile', color: 'var(--chart-4)' },
} satisfies ChartConfig;

const cycleColumns = (first: string): ReportColumn<CycleRow>[] => [
  { header: first, value: (row) => row.name },
  count('Completed claims', (row: CycleRow) => row.claims),
  {
    header: 'Median (days)',
    value: (row) => row.cycle.median,
    display: (row) => formatDays(row.cycle.median),
    numeric: true,
  },
  {
    header: 'P90 (days)',
    value: (row) => row.cycle.p90,
    display: (row) => formatDays(row.cycle.p90),
    numeric: true,
  },
  {
    header: 'Mean (days)',
    value: (row) => row.cycle.mean,
    display: (row) => formatDays(row.cycle.mean),
    numeric: true,
  },
  {
    header: 'Downtime median',
    value: (row) => row.downtime.median,
    display: (row) => formatDays(row.downtime.median),
    numeric: true,
  },
  {
    header: 'Downtime P90',
    value: (row) => row.downtime.p90,
    display: (row) => formatDays(row.downtime.p90),
    numeric: true,
  },
  {
    header: 'Downtime mean',
    value: (row) => row.downtime.mean,
    display: (row) => formatDays(row.downtime.mean),
    numeric: true,
  },
  { header: 'Vehicles down', value: (row) => row.downtime.count, numeric: true },
];

function CycleSection({ report }: { report: Report }) {
  const open = useOpenClaims();
  const { cycleTime } = report;
  const data = cycleTime.facilities.map((row) => ({
    label: row.name,
    median: row.cycle.median,
    p90: row.cycle.p90,
    row,
  }));
  return (
    <ReportCard
      section="cycle-time"
      description="Reported to completed, and vehicle downtime, for the completed claims: median, 90th percentile and mean."
      empty={cycleTime.total.claims.count === 0}
      chart={
        <ChartContainer config={cycleConfig} className="h-72">
          <BarChart data={data} margin={{ left: 0, right: 8 }}>
            <CartesianGrid vertical={false} />
            <XAxis
              dataKey="label"
              tickLine={false}
              axisLine={false}
              interval={0}
              tickFormatter={(value: string) => (value.length > 14 ? `${value.slice(0, 13)}…` : value)}
            />
            <YAxis tickLine={false} axisLine={false} width={32} />
            <ChartTooltip
              content={<ChartTooltipContent formatValue={(value) => formatDays(value as number | null)} />}
            />
            <ChartLegend content={<ChartLegendContent />} />
            <Bar
              dataKey="median"
              fill="var(--color-median)"
              radius={[4, 4, 0, 0]}
              cursor="pointer"
              onClick={(entry) => open((entry.payload as { row: CycleRow }).row.claims)}
            />
            <Bar
              dataKey="p90"
              fill="var(--color-p90)"
              radius={[4, 4, 0, 0]}
              cursor="pointer"
              onClick={(entry) => open((entry.payload as { row: CycleRow }).row.claims)}
            />
          </BarChart>
        </ChartContainer>
      }
      tables={[
        {
          caption: 'Cycle time and downtime by repair facility',
          columns: cycleColumns('Repair facility'),
          rows: [...cycleTime.facilities, cycleTime.total],
          rowKey: (row) => row.id ?? 'all',
        },
        {
          caption: 'Cycle time and downtime by location',
          columns: cycleColumns('Location'),
          rows: cycleTime.locations,
          rowKey: (row) => row.id ?? 'all',
          csv: false,
        },
      ]}
    />
  );
}

// 3. Time in each status ---------------------------------------------------------------------------------------

const statusConfig = {
  meanDays: { label: 'Mean days', color: 'var(--chart-1)' },
  medianDays: { label: 'Median days', color: 'var(--chart-2)' },
} satisfies ChartConfig;

type StatusRow = Report['statusTime']['workflows'][number]['statuses'][number] & { workflow: string };

function StatusTimeSection({ report }: { report: Report }) {
  const open = useOpenClaims();
  const rows: StatusRow[] = report.statusTime.workflows.flatMap((workflow) =>
    workflow.statuses.map((status) => ({ ...status, workflow: WORKFLOW_LABELS[workflow.workflow] })),
  );
  const columns: ReportColumn<StatusRow>[] = [
    { header: 'Workflow', value: (row) => row.workflow },
    { header: 'Status', value: (row) => STATUS_LABELS[row.status] },
    count('Claims', (row: StatusRow) => row.claims),
    {
      header: 'Mean (days)',
      value: (row) => row.meanDays,
      display: (row) => formatDays(row.meanDays),
      numeric: true,
    },
    {
      header: 'Median (days)',
      value: (row) => row.medianDays,
      display: (row) => formatDays(row.medianDays),
      numeric: true,
    },
    {
      header: 'Total (days)',
      value: (row) => row.totalDays,
      display: (row) => formatDays(row.totalDays),
      numeric: true,
    },
  ];
  return (
    <ReportCard
      section="status-time"
      description="How long claims wait in each open status, from the status history (open claims count until now)."
      empty={rows.every((row) => row.claims.count === 0)}
      chart={
        <div className="grid gap-4 lg:grid-cols-2">
          {report.statusTime.workflows.map((workflow) => (
            <figure key={workflow.workflow} className="min-w-0">
              <figcaption className="mb-1 text-sm font-medium">
                {WORKFLOW_LABELS[workflow.workflow]}
              </figcaption>
              <ChartContainer config={statusConfig} className="h-64">
                <BarChart
                  data={workflow.statuses.map((status) => ({
                    ...status,
                    label: STATUS_LABELS[status.status],
                  }))}
                  layout="vertical"
                  margin={{ left: 8, right: 8 }}
                >
                  <CartesianGrid horizontal={false} />
                  <XAxis type="number" tickLine={false} axisLine={false} />
                  <YAxis
                    type="category"
                    dataKey="label"
                    tickLine={false}
                    axisLine={false}
                    width={120}
                    interval={0}
                  />
                  <ChartTooltip
                    content={
                      <ChartTooltipContent formatValue={(value) => formatDays(value as number | null)} />
                    }
                  />
                  <Bar
                    dataKey="meanDays"
                    fill="var(--color-meanDays)"
                    radius={[0, 4, 4, 0]}
                    cursor="pointer"
                    onClick={(entry) => open((entry.payload as StatusRow).claims)}
                  />
                </BarChart>
              </ChartContainer>
            </figure>
          ))}
        </div>
      }
      tables={[
        { caption: 'Time in each status', columns, rows, rowKey: (row) => `${row.workflow}-${row.status}` },
      ]}
    />
  );
}

// 4. Cost ------------------------------------------------------------------------------------------------------

const costConfig = {
  estimateCents: { label: 'First estimate', color: 'var(--chart-3)' },
  approvedCents: { label: 'Approved', color: 'var(--chart-1)' },
  finalCents: { label: 'Final', color: 'var(--chart-2)' },
} satisfies ChartConfig;

const costColumns = (first: string): ReportColumn<CostRow>[] => [
  { header: first, value: (row) => row.name },
  count('Claims', (row: CostRow) => row.claims),
  {
    header: 'First estimates',
    value: (row) => row.estimateCents / 100,
    display: (row) => money(row.estimateCents),
    numeric: true,
  },
  {
    header: 'Approved',
    value: (row) => row.approvedCents / 100,
    display: (row) => money(row.approvedCents),
    numeric: true,
  },
  {
    header: 'Final (spend)',
    value: (row) => row.finalCents / 100,
    display: (row) => money(row.finalCents),
    numeric: true,
  },
  {
    header: 'Supplement rate',
    value: (row) => row.supplementRate,
    display: (row) => formatRate(row.supplementRate),
    numeric: true,
  },
  {
    header: 'Final ÷ first estimate',
    value: (row) => row.estimateAccuracy,
    display: (row) => formatRate(row.estimateAccuracy),
    numeric: true,
  },
  { header: 'Vehicles', value: (row) => row.vehicles, numeric: true },
  {
    header: 'Cost per vehicle',
    value: (row) => (row.costPerVehicleCents === null ? null : row.costPerVehicleCents / 100),
    display: (row) => money(row.costPerVehicleCents),
    numeric: true,
  },
];

function CostSection({ report }: { report: Report }) {
  const open = useOpenClaims();
  const { cost } = report;
  return (
    <ReportCard
      section="cost"
      description="First estimate, approved and final amounts per repair facility; supplements, estimate accuracy and spend by company, location and facility."
      empty={cost.total.claims.count === 0}
      chart={
        <ChartContainer config={costConfig} className="h-72">
          <BarChart
            data={cost.facilities.map((row) => ({ ...row, label: row.name }))}
            margin={{ left: 8, right: 8 }}
          >
            <CartesianGrid vertical={false} />
            <XAxis
              dataKey="label"
              tickLine={false}
              axisLine={false}
              interval={0}
              tickFormatter={(value: string) => (value.length > 14 ? `${value.slice(0, 13)}…` : value)}
            />
            <YAxis
              tickLine={false}
              axisLine={false}
              width={56}
              tickFormatter={(value: number) => compactMoney(value)}
            />
            <ChartTooltip content={<ChartTooltipContent formatValue={(value) => money(value as number)} />} />
            <ChartLegend content={<ChartLegendContent />} />
            {(['estimateCents', 'approvedCents', 'finalCents'] as const).map((key) => (
              <Bar
                key={key}
                dataKey={key}
                fill={`var(--color-${key})`}
                radius={[4, 4, 0, 0]}
                cursor="pointer"
                onClick={(entry) => open((entry.payload as CostRow).claims)}
              />
            ))}
          </BarChart>
        </ChartContainer>
      }
      tables={[
        {
          caption: 'Cost by repair facility',
          columns: costColumns('Repair facility'),
          rows: [...cost.facilities, cost.total],
          rowKey: (row) => row.id ?? 'all',
        },
        {
          caption: 'Spend by company',
          columns: costColumns('Company'),
          rows: cost.companies,
          rowKey: (row) => row.id ?? 'all',
          csv: false,
        },
        {
          caption: 'Spend by location',
          columns: costColumns('Location'),
          rows: cost.locations,
          rowKey: (row) => row.id ?? 'all',
          csv: false,
        },
      ]}
    />
  );
}

// 5. Top vehicles ----------------------------------------------------------------------------------------------

type VehicleRow = Report['topVehicles']['byClaims'][number];
const vehicleConfig = { claims: { label: 'Claims', color: 'var(--chart-4)' } } satisfies ChartConfig;
const vehicleColumns: ReportColumn<VehicleRow>[] = [
  { header: 'Unit', value: (row) => row.unitNumber },
  { header: 'Vehicle', value: (row) => row.description },
  { header: 'VIN', value: (row) => row.vin },
  { header: 'Company', value: (row) => row.companyName },
  count('Claims', (row: VehicleRow) => row.claims),
  {
    header: 'Spend',
    value: (row) => row.spendCents / 100,
    display: (row) => money(row.spendCents),
    numeric: true,
  },
];

function TopVehiclesSection({ report }: { report: Report }) {
  const open = useOpenClaims();
  const { byClaims, bySpend } = report.topVehicles;
  return (
    <ReportCard
      section="top-vehicles"
      description="Repeat offenders: the vehicles with the most claims, and with the highest spend."
      empty={byClaims.length === 0}
      chart={
        <ChartContainer config={vehicleConfig} className="h-64">
          <BarChart
            data={byClaims.map((row) => ({ label: row.unitNumber, claims: row.claims.count, row }))}
            layout="vertical"
            margin={{ left: 8, right: 8 }}
          >
            <CartesianGrid horizontal={false} />
            <XAxis type="number" allowDecimals={false} tickLine={false} axisLine={false} />
            <YAxis
              type="category"
              dataKey="label"
              tickLine={false}
              axisLine={false}
              width={80}
              interval={0}
            />
            <ChartTooltip content={<ChartTooltipContent />} />
            <Bar
              dataKey="claims"
              fill="var(--color-claims)"
              radius={[0, 4, 4, 0]}
              cursor="pointer"
              onClick={(entry) => open((entry.payload as { row: VehicleRow }).row.claims)}
            />
          </BarChart>
        </ChartContainer>
      }
      tables={[
        {
          caption: 'Vehicles with the most claims',
          columns: vehicleColumns,
          rows: byClaims,
          rowKey: (row) => row.id,
        },
        {
          caption: 'Vehicles with the highest spend',
          columns: vehicleColumns,
          rows: bySpend,
          rowKey: (row) => row.id,
          csv: false,
        },
      ]}
    />
  );
}

// 6. Mechanical authorizations ---------------------------------------------------------------------------------

type KindRow = Report['authorizations']['kinds'][number];
const authorizationConfig = {
  requestedCents: { label: 'Requested', color: 'var(--chart-3)' },
  approvedCents: { label: 'Approved', color: 'var(--chart-2)' },
} satisfies ChartConfig;

function AuthorizationsSection({ report }: { report: Report }) {
  const open = useOpenClaims();
  const { authorizations } = report;
  const columns: ReportColumn<KindRow>[] = [
    { header: 'Decision', value: (row) => AUTHORIZATION_KIND_LABELS[row.kind] },
    { header: 'Requests', value: (row) => row.requests, numeric: true },
    count('Claims', (row: KindRow) => row.claims),
    {
      header: 'Requested',
      value: (row) => row.requestedCents / 100,
      display: (row) => money(row.requestedCents),
      numeric: true,
    },
    {
      header: 'Approved',
      value: (row) => row.approvedCents / 100,
      display: (row) => money(row.approvedCents),
      numeric: true,
    },
  ];
  const shown = authorizations.kinds.filter((row) => row.requests > 0);
  return (
    <ReportCard
      section="authorizations"
      description={`Approved, partially approved, declined and auto-approved requests; requested ${money(authorizations.requestedCents)}, approved ${money(authorizations.approvedCents)}; median decision time ${authorizations.medianDecisionHours === null ? '—' : `${authorizations.medianDecisionHours.toFixed(1)} h`}.`}
      empty={shown.length === 0}
      chart={
        <ChartContainer config={authorizationConfig} className="h-64">
          <BarChart
            data={shown.map((row) => ({ ...row, label: AUTHORIZATION_KIND_LABELS[row.kind] }))}
            margin={{ left: 8, right: 8 }}
          >
            <CartesianGrid vertical={false} />
            <XAxis dataKey="label" tickLine={false} axisLine={false} interval={0} />
            <YAxis
              tickLine={false}
              axisLine={false}
              width={56}
              tickFormatter={(value: number) => compactMoney(value)}
            />
            <ChartTooltip content={<ChartTooltipContent formatValue={(value) => money(value as number)} />} />
            <ChartLegend content={<ChartLegendContent />} />
            <Bar
              dataKey="requestedCents"
              fill="var(--color-requestedCents)"
              radius={[4, 4, 0, 0]}
              cursor="pointer"
              onClick={(entry) => open((entry.payload as KindRow).claims)}
            />
            <Bar
              dataKey="approvedCents"
              fill="var(--color-approvedCents)"
              radius={[4, 4, 0, 0]}
              cursor="pointer"
              onClick={(entry) => open((entry.payload as KindRow).claims)}
            />
          </BarChart>
        </ChartContainer>
      }
      tables={[
        {
          caption: 'Mechanical authorizations by decision',
          columns,
          rows: authorizations.kinds,
          rowKey: (row) => row.kind,
        },
      ]}
    />
  );
}

// 7. Repair facility scorecard ---------------------------------------------------------------------------------

const scorecardConfig = {
  onTimeRate: { label: 'On time', color: 'var(--chart-2)' },
  comebackRate: { label: 'Comebacks', color: 'var(--chart-5)' },
} satisfies ChartConfig;

const scorecardColumns: ReportColumn<ScorecardRow>[] = [
  { header: 'Repair facility', value: (row) => row.name },
  count('Claims handled', (row: ScorecardRow) => row.handled),
  count('Completed', (row: ScorecardRow) => row.completed),
  {
    header: 'Median cycle (days)',
    value: (row) => row.medianCycleDays,
    display: (row) => formatDays(row.medianCycleDays),
    numeric: true,
  },
  count('On time', (row: ScorecardRow) => row.onTime),
  {
    header: 'On-time rate',
    value: (row) => row.onTimeRate,
    display: (row) => formatRate(row.onTimeRate),
    numeric: true,
  },
  {
    header: 'Average cost',
    value: (row) => (row.averageCostCents === null ? null : row.averageCostCents / 100),
    display: (row) => money(row.averageCostCents),
    numeric: true,
  },
  {
    header: 'Supplement rate',
    value: (row) => row.supplementRate,
    display: (row) => formatRate(row.supplementRate),
    numeric: true,
  },
  count('Comebacks', (row: ScorecardRow) => row.comebacks),
  {
    header: 'Comeback rate',
    value: (row) => row.comebackRate,
    display: (row) => formatRate(row.comebackRate),
    numeric: true,
  },
];

function ScorecardSection({ report }: { report: Report }) {
  const { facilities } = report.scorecard;
  return (
    <ReportCard
      section="scorecard"
      description="Per repair facility: cycle time, completed by the first ETA given, average cost, supplements, and comebacks (another claim on the vehicle within 30 days of completion). Sort by any column."
      empty={facilities.length === 0}
      chart={
        <ChartContainer config={scorecardConfig} className="h-64">
          <BarChart
            data={facilities.map((row) => ({
              ...row,
              label: row.name,
              onTimeRate: row.onTimeRate === null ? null : row.onTimeRate * 100,
              comebackRate: row.comebackRate === null ? null : row.comebackRate * 100,
            }))}
            margin={{ left: 8, right: 8 }}
          >
            <CartesianGrid vertical={false} />
            <XAxis
              dataKey="label"
              tickLine={false}
              axisLine={false}
              interval={0}
              tickFormatter={(value: string) => (value.length > 14 ? `${value.slice(0, 13)}…` : value)}
            />
            <YAxis
              tickLine={false}
              axisLine={false}
              width={40}
              domain={[0, 100]}
              tickFormatter={(value: number) => `${value}%`}
            />
            <ChartTooltip
              content={
                <ChartTooltipContent
                  formatValue={(value) => (value === null ? '—' : `${(value as number).toFixed(1)}%`)}
                />
              }
            />
            <ChartLegend content={<ChartLegendContent />} />
            <Bar
              isAnimationActive={false}
              dataKey="onTimeRate"
              fill="var(--color-onTimeRate)"
              radius={[4, 4, 0, 0]}
            />
            <Bar
              isAnimationActive={false}
              dataKey="comebackRate"
              fill="var(--color-comebackRate)"
              radius={[4, 4, 0, 0]}
            />
          </BarChart>
        </ChartContainer>
      }
      tables={[
        {
          caption: 'Repair facility scorecard',
          columns: scorecardColumns,
          rows: facilities,
          rowKey: (row) => row.id,
          sortable: true,
        },
      ]}
    />
  );
}

/** Every section of the report, in the order of the issue. */
export function ReportSections({ report }: { report: Report }) {
  return (
    <div className="grid gap-6">
      <VolumeSection report={report} />
      <CycleSection report={report} />
      <StatusTimeSection report={report} />
      <CostSection report={report} />
      <TopVehiclesSection report={report} />
      <AuthorizationsSection report={report} />
      <ScorecardSection report={report} />
    </div>
  );
}
