/** Report sections: Volume, cycle time and time in status: how many claims, how long they took, where they waited. */
import { type CycleRow, type Report } from '@shared/reports';
import { STATUS_LABELS } from '@shared/workflows';
import { type ChartConfig } from '../../../components/ui/chart';
import { WORKFLOW_LABELS } from '../../claims';
import { type ReportColumn } from './report-table';
import { ReportChart } from './lazy-report-chart';
import { formatDays, shortDate, monthName, count, ReportCard, daysColumn } from './report-card';

const volumeConfig = {
  collision: { label: 'Collision', color: 'var(--chart-1)' },
  mechanical: { label: 'Mechanical', color: 'var(--chart-3)' },
  open: { label: 'Still open', color: 'var(--chart-5)' },
  finished: { label: 'Finished', color: 'var(--chart-2)' },
} satisfies ChartConfig;

export function VolumeSection({ report }: { report: Report }) {
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
        <ReportChart
          config={volumeConfig}
          data={data}
          labelGap={16}
          wholeNumbers
          series={[
            { key: 'collision', stack: 'volume', open: (datum) => byWorkflow(datum.row, 'collision') },
            { key: 'mechanical', stack: 'volume', open: (datum) => byWorkflow(datum.row, 'mechanical') },
            { key: 'open', line: true },
            { key: 'finished', line: true },
          ]}
        />
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
  daysColumn('Median (days)', (row) => row.cycle.median),
  daysColumn('P90 (days)', (row) => row.cycle.p90),
  daysColumn('Mean (days)', (row) => row.cycle.mean),
  daysColumn('Downtime median', (row) => row.downtime.median),
  daysColumn('Downtime P90', (row) => row.downtime.p90),
  daysColumn('Downtime mean', (row) => row.downtime.mean),
  { header: 'Vehicles down', value: (row) => row.downtime.count, numeric: true },
];

export function CycleSection({ report }: { report: Report }) {
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
        <ReportChart
          config={cycleConfig}
          data={data}
          format={formatDays}
          series={[
            { key: 'median', open: (datum) => datum.row.claims },
            { key: 'p90', open: (datum) => datum.row.claims },
          ]}
        />
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
  const rows: StatusRow[] = report.statusTime.workflows.flatMap((workflow) =>
    workflow.statuses.map((status) => ({ ...status, workflow: WORKFLOW_LABELS[workflow.workflow] })),
  );
  const columns: ReportColumn<StatusRow>[] = [
    { header: 'Workflow', value: (row) => row.workflow },
    { header: 'Status', value: (row) => STATUS_LABELS[row.status] },
    count('Claims', (row: StatusRow) => row.claims),
    daysColumn('Mean (days)', (row) => row.meanDays),
    daysColumn('Median (days)', (row) => row.medianDays),
    daysColumn('Total (days)', (row) => row.totalDays),
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
              <ReportChart
                config={statusConfig}
                className="h-64"
                horizontal
                labelWidth={120}
                format={formatDays}
                data={workflow.statuses.map((status) => ({
                  ...status,
                  label: STATUS_LABELS[status.status],
                }))}
                series={[{ key: 'meanDays', open: (datum) => datum.claims }]}
              />
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
