/** Report sections: Mechanical authorizations and the repair facility scorecard. */
import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from 'recharts';
import { AUTHORIZATION_KIND_LABELS, type Report, type ScorecardRow } from '@shared/reports';
import {
  ChartContainer,
  ChartLegend,
  ChartLegendContent,
  ChartTooltip,
  ChartTooltipContent,
  type ChartConfig,
} from '../../../components/ui/chart';
import { type ReportColumn } from './report-table';
import { formatDays, formatRate, money, compactMoney, count, ReportCard, useOpenClaims } from './report-card';

type KindRow = Report['authorizations']['kinds'][number];
const authorizationConfig = {
  requestedCents: { label: 'Requested', color: 'var(--chart-3)' },
  approvedCents: { label: 'Approved', color: 'var(--chart-2)' },
} satisfies ChartConfig;

export function AuthorizationsSection({ report }: { report: Report }) {
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

export function ScorecardSection({ report }: { report: Report }) {
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
