/** Report sections: Cost (by facility, company and location) and the vehicles that cost the most. */
import { type CostRow, type Report } from '@shared/reports';
import { type ChartConfig } from '../../../components/ui/chart';
import { type ReportColumn } from './report-table';
import { ChartTableSection } from './chart-table-section';
import { ReportChart } from './lazy-report-chart';
import { money, compactMoney, count, ReportCard, moneyColumn, rateColumn } from './report-card';

const costConfig = {
  estimateCents: { label: 'First estimate', color: 'var(--chart-3)' },
  approvedCents: { label: 'Approved', color: 'var(--chart-1)' },
  finalCents: { label: 'Final', color: 'var(--chart-2)' },
} satisfies ChartConfig;

const costColumns = (first: string): ReportColumn<CostRow>[] => [
  { header: first, value: (row) => row.name },
  count('Claims', (row: CostRow) => row.claims),
  moneyColumn('First estimates', (row) => row.estimateCents),
  moneyColumn('Approved', (row) => row.approvedCents),
  moneyColumn('Final (spend)', (row) => row.finalCents),
  rateColumn('Supplement rate', (row) => row.supplementRate),
  rateColumn('Final ÷ first estimate', (row) => row.estimateAccuracy),
  { header: 'Vehicles', value: (row) => row.vehicles, numeric: true },
  moneyColumn('Cost per vehicle', (row) => row.costPerVehicleCents),
];

export function CostSection({ report }: { report: Report }) {
  const { cost } = report;
  return (
    <ReportCard
      section="cost"
      description="First estimate, approved and final amounts per repair facility; supplements, estimate accuracy, spend and cost per vehicle. Spend by company and by location follow."
      empty={cost.total.claims.count === 0}
      chart={
        <ReportChart
          config={costConfig}
          data={cost.facilities.map((row) => ({ ...row, label: row.name }))}
          format={money}
          valueTick={compactMoney}
          valueWidth={56}
          series={(['estimateCents', 'approvedCents', 'finalCents'] as const).map((key) => ({
            key,
            open: (row: CostRow) => row.claims,
          }))}
        />
      }
      tables={[
        {
          caption: 'Cost by repair facility',
          columns: costColumns('Repair facility'),
          rows: [...cost.facilities, cost.total],
          rowKey: (row) => row.id ?? 'all',
        },
      ]}
    />
  );
}

const spendConfig = { finalCents: { label: 'Spend', color: 'var(--chart-2)' } } satisfies ChartConfig;

/** Part of the cost section: spend by company or by location (cost per vehicle in its table), with its CSV. */
export function SpendSection({ report, by }: { report: Report; by: 'company' | 'location' }) {
  const rows = by === 'company' ? report.cost.companies : report.cost.locations;
  const name = by === 'company' ? 'Company' : 'Location';
  return (
    <ChartTableSection
      id={`report-cost-${by}`}
      title={`Spend by ${by}`}
      description={`Final amounts (spend) and cost per vehicle of the counted claims, by ${by}.`}
      csvName={`report-cost-${by}`}
      empty={rows.length === 0 || report.cost.total.claims.count === 0}
      chart={
        <ReportChart
          config={spendConfig}
          horizontal
          labelWidth={120}
          height={Math.max(120, rows.length * 36 + 40)}
          data={rows.map((row) => ({ ...row, label: row.name }))}
          format={money}
          valueTick={compactMoney}
          animate={false}
          series={[{ key: 'finalCents', open: (row) => row.claims }]}
        />
      }
      tables={[
        {
          caption: `Spend by ${by}`,
          columns: costColumns(name),
          rows,
          rowKey: (row) => row.id ?? 'all',
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
  moneyColumn('Spend', (row) => row.spendCents),
];

export function TopVehiclesSection({ report }: { report: Report }) {
  const { byClaims, bySpend } = report.topVehicles;
  return (
    <ReportCard
      section="top-vehicles"
      description="Repeat offenders: the vehicles with the most claims, and with the highest spend."
      empty={byClaims.length === 0}
      chart={
        <ReportChart
          config={vehicleConfig}
          className="h-64"
          horizontal
          wholeNumbers
          data={byClaims.map((row) => ({ label: row.unitNumber, claims: row.claims.count, row }))}
          series={[{ key: 'claims', open: (datum) => datum.row.claims }]}
        />
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
