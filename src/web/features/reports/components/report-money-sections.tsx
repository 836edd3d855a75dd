/** Report sections: Cost and the vehicles that cost the most. */
import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from 'recharts';
import { type CostRow, type Report } from '@shared/reports';
import {
  ChartContainer,
  ChartLegend,
  ChartLegendContent,
  ChartTooltip,
  ChartTooltipContent,
  type ChartConfig,
} from '../../../components/ui/chart';
import { type ReportColumn } from './report-table';
import { formatRate, money, compactMoney, count, ReportCard, useOpenClaims } from './report-card';

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

export function CostSection({ report }: { report: Report }) {
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

export function TopVehiclesSection({ report }: { report: Report }) {
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
