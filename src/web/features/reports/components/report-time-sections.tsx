/** Report sections: Volume, cycle time and time in status: how many claims, how long they took, where they waited. */
import { Bar, BarChart, CartesianGrid, ComposedChart, Line, XAxis, YAxis } from 'recharts';
import { type CycleRow, type Report } from '@shared/reports';
import { STATUS_LABELS } from '@shared/workflows';
import {
  ChartContainer,
  ChartLegend,
  ChartLegendContent,
  ChartTooltip,
  ChartTooltipContent,
  type ChartConfig,
} from '../../../components/ui/chart';
import { WORKFLOW_LABELS } from '../../claims';
import { type ReportColumn } from './report-table';
import { formatDays, shortDate, monthName, count, ReportCard, useOpenClaims } from './report-card';

const volumeConfig = {
  collision: { label: 'Collision', color: 'var(--chart-1)' },
  mechanical: { label: 'Mechanical', color: 'var(--chart-3)' },
  open: { label: 'Still open', color: 'var(--chart-5)' },
  finished: { label: 'Finished', color: 'var(--chart-2)' },
} satisfies ChartConfig;

export function VolumeSection({ report }: { report: Report }) {
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

export function CycleSection({ report }: { report: Report }) {
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

export function StatusTimeSection({ report }: { report: Report }) {
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
