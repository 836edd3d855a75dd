import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';

import { Button } from '../ui/button';
import { DataTable, DataTableSkeleton, type DataColumn } from './data-table';
import { ListEmpty, ListLoadError } from './list-states';

/**
 * A short list loaded whole (no paging, no filters: an organisation's API tokens, its webhook endpoints) in its card:
 * a skeleton while it loads, the error with Try again, an empty state that offers to create the first, or the table.
 */
export function WholeList<T extends { id: string }>({
  query,
  label,
  noun,
  columns,
  empty,
}: {
  query: UseQueryResult<T[]>;
  /** The table's name: "API tokens". */
  label: string;
  /** In the messages: "the API tokens". */
  noun: string;
  columns: readonly DataColumn<T>[];
  empty: { icon: ReactNode; title: string; text: ReactNode; action: string; onAction: () => void };
}) {
  let body;
  if (query.isPending) body = <DataTableSkeleton label={`Loading ${noun}`} columns={columns} rows={3} />;
  else if (query.isError) {
    body = (
      <ListLoadError
        title={`${noun.charAt(0).toUpperCase()}${noun.slice(1)} could not be loaded`}
        message={query.error.message}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (query.data.length === 0) {
    body = (
      <ListEmpty
        icon={empty.icon}
        title={empty.title}
        action={
          <Button variant="outline" onClick={empty.onAction}>
            {empty.action}
          </Button>
        }
      >
        {empty.text}
      </ListEmpty>
    );
  } else body = <DataTable label={label} columns={columns} rows={query.data} rowId={(row) => row.id} />;
  return <div className="bg-card overflow-hidden rounded-xl border shadow-xs">{body}</div>;
}
