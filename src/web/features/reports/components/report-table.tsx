import { useState, type ReactNode } from 'react';
import { ArrowDownIcon, ArrowUpIcon, DownloadIcon } from 'lucide-react';
import { Link } from 'wouter';
import { csvLine } from '@shared/csv';
import type { ReportCount } from '@shared/reports';

import { Button } from '../../../components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { reportClaimsHref } from '../api/get-report';

/** A column of a section's table: its heading, the cell's value (also the CSV's), how it shows, a link. */
export type ReportColumn<Row> = {
  header: string;
  /** The plain value: the CSV cell and the sort key. */
  value: (row: Row) => string | number | null;
  /** How the cell shows (default: the value). */
  display?: (row: Row) => ReactNode;
  /** A count: its cell links to All Claims listing exactly those claims. */
  count?: (row: Row) => ReportCount;
  numeric?: boolean;
};

export function toCsv<Row>(columns: readonly ReportColumn<Row>[], rows: readonly Row[]): string {
  const lines = [csvLine(columns.map((column) => column.header))];
  for (const row of rows) lines.push(csvLine(columns.map((column) => column.value(row))));
  return lines.join('');
}

/** Saves a section's table as a CSV file. */
export function downloadCsv(fileName: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function CsvButton<Row>({
  name,
  title,
  columns,
  rows,
}: {
  name: string;
  title: string;
  columns: readonly ReportColumn<Row>[];
  rows: readonly Row[];
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={rows.length === 0}
      onClick={() => downloadCsv(`${name}.csv`, toCsv(columns, rows))}
      aria-label={`Download ${title} as CSV`}
    >
      <DownloadIcon aria-hidden="true" />
      CSV
    </Button>
  );
}

/**
 * The table behind a chart: the accessible version of it, and what its CSV holds. Counts link to All Claims;
 * with `sortable` each heading sorts the rows.
 */
export function ReportTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  sortable = false,
}: {
  caption: string;
  columns: readonly ReportColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  sortable?: boolean;
}) {
  const [sort, setSort] = useState<{ column: number; descending: boolean } | null>(null);
  const sorted =
    sort === null
      ? rows
      : [...rows].sort((a, b) => {
          const column = columns[sort.column]!;
          const left = column.value(a);
          const right = column.value(b);
          if (left === right) return 0;
          if (left === null) return 1;
          if (right === null) return -1;
          const order = left < right ? -1 : 1;
          return sort.descending ? -order : order;
        });
  return (
    <div className="overflow-x-auto">
      <Table scrollLabel={sortable ? undefined : `${caption}, table`}>
        <caption className="sr-only">{caption}</caption>
        <TableHeader>
          <TableRow>
            {columns.map((column, index) => {
              const active = sort?.column === index;
              return (
                <TableHead
                  key={column.header}
                  className={column.numeric ? 'text-right' : undefined}
                  aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : undefined}
                >
                  {sortable ? (
                    <button
                      type="button"
                      className="hover:text-foreground inline-flex items-center gap-1 font-medium"
                      onClick={() =>
                        setSort({
                          column: index,
                          descending: active ? !sort.descending : column.numeric === true,
                        })
                      }
                    >
                      {column.header}
                      {active &&
                        (sort.descending ? (
                          <ArrowDownIcon aria-hidden="true" className="size-3.5" />
                        ) : (
                          <ArrowUpIcon aria-hidden="true" className="size-3.5" />
                        ))}
                    </button>
                  ) : (
                    column.header
                  )}
                </TableHead>
              );
            })}
          </TableRow>
        </TableHeader>
        <TableBody>
          {sorted.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((column) => {
                const count = column.count?.(row);
                const shown = column.display ? column.display(row) : (column.value(row) ?? '—');
                return (
                  <TableCell
                    key={column.header}
                    className={column.numeric ? 'text-right tabular-nums' : undefined}
                  >
                    {count ? (
                      <Link
                        href={reportClaimsHref(count.filter)}
                        className="text-primary font-medium underline-offset-4 hover:underline"
                      >
                        {shown}
                      </Link>
                    ) : (
                      shown
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
