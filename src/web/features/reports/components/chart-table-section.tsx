/**
 * The one frame of every chart on the report screens (Reports and the Fleet Dashboard): a titled region with
 * what it shows, its chart, the table behind the chart (the accessible version, and what its CSV holds), and
 * an empty state that says so instead of drawing an empty axis.
 */
import type { ReactNode } from 'react';
import { CardHeading } from '../../../components/card-heading';
import { Card, CardContent } from '../../../components/ui/card';
import { CsvButton, ReportTable, type ReportColumn } from './report-table';

/** A table of a section; the first one not marked `csv: false` is the section's CSV. */
export type SectionTable<Row> = {
  caption: string;
  columns: readonly ReportColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  sortable?: boolean;
  csv?: boolean;
};

export type ChartTableSectionProps<Row> = {
  /** The region's id (its heading is `id`), also `data-section`. */
  id: string;
  title: string;
  description?: string;
  chart?: ReactNode;
  tables: readonly SectionTable<Row>[];
  /** Nothing to show: the section says `emptyMessage` instead of its chart and tables. */
  empty?: boolean;
  emptyMessage?: string;
  /** Offers the CSV download (file `${csvName}.csv`); without it the section has no CSV button. */
  csvName?: string;
  /** Tables folded under a "Table" disclosure below the chart (the dashboard's compact layout). */
  foldTables?: boolean;
};

export function ChartTableSection<Row>({
  id,
  title,
  description,
  chart,
  tables,
  empty = false,
  emptyMessage = 'No claims in this period match the filters.',
  csvName,
  foldTables = false,
}: ChartTableSectionProps<Row>) {
  const csvTable = tables.find((table) => table.csv !== false) ?? tables[0];
  // Two tables or more (by facility and by location, by claims and by spend) each say what they are.
  const tableList = tables.map((table) =>
    tables.length > 1 ? (
      <div key={table.caption} className="grid gap-2">
        <h3 className="text-sm font-medium">{table.caption}</h3>
        <ReportTable {...table} />
      </div>
    ) : (
      <ReportTable key={table.caption} {...table} />
    ),
  );
  return (
    <Card className="break-inside-avoid" aria-labelledby={id} role="region" data-section={id}>
      <CardHeading
        id={id}
        title={title}
        titleClassName="text-lg font-semibold"
        description={description}
        actionClassName="print:hidden"
        action={
          csvName &&
          csvTable && (
            <CsvButton name={csvName} title={title} columns={csvTable.columns} rows={csvTable.rows} />
          )
        }
      />
      <CardContent className="grid gap-4">
        {empty ? (
          <ChartEmpty>{emptyMessage}</ChartEmpty>
        ) : (
          <>
            {chart}
            {foldTables ? (
              <details className="text-sm">
                <summary className="text-muted-foreground cursor-pointer">Table</summary>
                {tableList}
              </details>
            ) : (
              tableList
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** What a section (or its chart alone) says instead of drawing an empty axis. */
export function ChartEmpty({ children }: { children: ReactNode }) {
  return (
    <p className="text-muted-foreground rounded-md border border-dashed p-6 text-center text-sm">
      {children}
    </p>
  );
}
