/** Report sections: Mechanical authorizations and the repair facility scorecard. */
import { AUTHORIZATION_KIND_LABELS, type Report, type ScorecardRow } from '@shared/reports';
import { type ChartConfig } from '../../../components/ui/chart';
import { ChartEmpty } from './chart-table-section';
import { type ReportColumn } from './report-table';
import { ReportChart } from './lazy-report-chart';
import { money, compactMoney, count, ReportCard, moneyColumn, daysColumn, rateColumn } from './report-card';

type KindRow = Report['authorizations']['kinds'][number];
const authorizationConfig = {
  requestedCents: { label: 'Requested', color: 'var(--chart-3)' },
  approvedCents: { label: 'Approved', color: 'var(--chart-2)' },
} satisfies ChartConfig;

export function AuthorizationsSection({ report }: { report: Report }) {
  const { authorizations } = report;
  const columns: ReportColumn<KindRow>[] = [
    { header: 'Decision', value: (row) => AUTHORIZATION_KIND_LABELS[row.kind] },
    { header: 'Requests', value: (row) => row.requests, numeric: true },
    count('Claims', (row: KindRow) => row.claims),
    moneyColumn('Requested', (row) => row.requestedCents),
    moneyColumn('Approved', (row) => row.approvedCents),
  ];
  const shown = authorizations.kinds.filter((row) => row.requests > 0);
  return (
    <ReportCard
      section="authorizations"
      description={`Approved, partially approved, declined and auto-approved requests; requested ${money(authorizations.requestedCents)}, approved ${money(authorizations.approvedCents)}; median decision time ${authorizations.medianDecisionHours === null ? '—' : `${authorizations.medianDecisionHours.toFixed(1)} h`}.`}
      empty={shown.length === 0}
      chart={
        <ReportChart
          config={authorizationConfig}
          className="h-64"
          data={shown.map((row) => ({ ...row, label: AUTHORIZATION_KIND_LABELS[row.kind] }))}
          format={money}
          valueTick={compactMoney}
          valueWidth={56}
          series={(['requestedCents', 'approvedCents'] as const).map((key) => ({
            key,
            open: (row: KindRow) => row.claims,
          }))}
        />
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
  daysColumn('Median cycle (days)', (row) => row.medianCycleDays),
  count('On time', (row: ScorecardRow) => row.onTime),
  rateColumn('On-time rate', (row) => row.onTimeRate),
  moneyColumn('Average cost', (row) => row.averageCostCents),
  rateColumn('Supplement rate', (row) => row.supplementRate),
  count('Comebacks', (row: ScorecardRow) => row.comebacks),
  rateColumn('Comeback rate', (row) => row.comebackRate),
];

export function ScorecardSection({ report }: { report: Report }) {
  const { facilities } = report.scorecard;
  return (
    <ReportCard
      section="scorecard"
      description="Per repair facility: cycle time, completed by the first ETA given, average cost, supplements, and comebacks (another claim on the vehicle within 30 days of completion). Sort by any column."
      empty={facilities.length === 0}
      chart={
        // Both rates count completed claims: with none, a chart would be an empty frame without an axis.
        facilities.every((row) => row.completed.count === 0) ? (
          <ChartEmpty>
            No claim of these repair facilities was completed in this period, so there is no on-time or
            comeback rate to chart yet.
          </ChartEmpty>
        ) : (
          <ReportChart
            config={scorecardConfig}
            className="h-64"
            data={facilities.map((row) => ({
              ...row,
              label: row.name,
              onTimeRate: row.onTimeRate === null ? null : row.onTimeRate * 100,
              comebackRate: row.comebackRate === null ? null : row.comebackRate * 100,
            }))}
            format={(value) => (value === null ? '—' : `${value.toFixed(1)}%`)}
            valueTick={(value) => `${value}%`}
            valueWidth={40}
            valueDomain={[0, 100]}
            animate={false}
            series={[{ key: 'onTimeRate' }, { key: 'comebackRate' }]}
          />
        )
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
