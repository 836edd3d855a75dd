/** What every report section shares: its frame (titled from the report), the figures' formats, and the link from a bar to the claims it counts. */
import { useLocation } from 'wouter';
import { formatCents } from '@shared/money';
import { REPORT_SECTION_TITLES, type ReportCount, type ReportSection } from '@shared/reports';
import { reportClaimsHref } from '../api/get-report';
import { ChartTableSection, type ChartTableSectionProps } from './chart-table-section';
import { type ReportColumn } from './report-table';

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

/** A column of amounts in cents (the CSV in dollars). */
export function moneyColumn<Row>(header: string, pick: (row: Row) => number | null): ReportColumn<Row> {
  return {
    header,
    value: (row) => {
      const cents = pick(row);
      return cents === null ? null : cents / 100;
    },
    display: (row) => money(pick(row)),
    numeric: true,
  };
}

export function daysColumn<Row>(header: string, pick: (row: Row) => number | null): ReportColumn<Row> {
  return { header, value: pick, display: (row) => formatDays(pick(row)), numeric: true };
}

export function rateColumn<Row>(header: string, pick: (row: Row) => number | null): ReportColumn<Row> {
  return { header, value: pick, display: (row) => formatRate(pick(row)), numeric: true };
}

export function count<Row>(header: string, pick: (row: Row) => ReportCount): ReportColumn<Row> {
  return { header, value: (row) => pick(row).count, count: pick, numeric: true };
}

/** A report section: its title, what it shows, its chart (or why there is none), its tables and CSV. */
export function ReportCard<Row>({
  section,
  ...props
}: { section: ReportSection } & Pick<
  ChartTableSectionProps<Row>,
  'description' | 'chart' | 'tables' | 'empty'
>) {
  return (
    <ChartTableSection
      id={`report-${section}`}
      title={REPORT_SECTION_TITLES[section]}
      csvName={`report-${section}`}
      {...props}
    />
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
