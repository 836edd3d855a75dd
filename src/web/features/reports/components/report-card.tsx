/** The frame every report section shares: its card with chart, tables and CSV, the figures' formats, and the link from a bar to the claims it counts. */
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { formatCents } from '@shared/money';
import { REPORT_SECTION_TITLES, type ReportCount, type ReportSection } from '@shared/reports';
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { reportClaimsHref } from '../api/get-report';
import { CsvButton, ReportTable, type ReportColumn } from './report-table';

export const formatDays = (days: number | null) => (days === null ? '—' : `${days.toFixed(1)} d`);
export const formatRate = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1)}%`);
export const money = (cents: number | null) => (cents === null ? '—' : formatCents(cents));
export const compactMoney = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact' }).format(
    cents / 100,
  );
export const shortDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
export const monthName = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

export function count<Row>(header: string, pick: (row: Row) => ReportCount): ReportColumn<Row> {
  return { header, value: (row) => pick(row).count, count: pick, numeric: true };
}

/** A section: its title, what it shows, its chart (or why there is none) and its table, with a CSV. */
export function ReportCard<Row>({
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
export function useOpenClaims() {
  const [, navigate] = useLocation();
  return (figure: ReportCount | undefined) => {
    if (figure) navigate(reportClaimsHref(figure.filter));
  };
}

// 1. Volume ----------------------------------------------------------------------------------------------------
