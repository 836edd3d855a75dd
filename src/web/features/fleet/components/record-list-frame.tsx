import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';

import { Button } from '../../../components/ui/button';
import { FLEET_PAGE_SIZE } from '../api/list-filter';
import { ListPagination } from '../../../components/data-list/list-pagination';
import { ListEmpty, ListLoadError } from '../../../components/data-list/list-states';
import { RecordListSkeleton, type RecordColumn } from './record-list';

type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

/**
 * Everything around a fleet list: the skeleton while the first page loads, the error with a retry, the
 * three kinds of empty (none yet, none matching, none on this page), the list itself (dimmed while the
 * next page loads) and the paging below it.
 */
export function RecordListFrame<T>({
  query,
  noun,
  icon,
  nameHeader,
  columns,
  filtered,
  emptyText,
  onClear,
  onPageChange,
  children,
}: {
  query: UseQueryResult<Page<T>>;
  /** Singular and plural: ['company', 'companies']. */
  noun: readonly [string, string];
  icon: ReactNode;
  nameHeader: string;
  columns: readonly Pick<RecordColumn<unknown>, 'id' | 'header' | 'className'>[];
  filtered: boolean;
  /** What to do about an empty list that nothing filters. */
  emptyText: ReactNode;
  onClear: () => void;
  onPageChange: (page: number) => void;
  children: (items: T[]) => ReactNode;
}) {
  const list = query.data;
  const [one, many] = noun;

  let body: ReactNode;
  if (query.isPending) {
    body = <RecordListSkeleton label={`Loading ${many}`} nameHeader={nameHeader} columns={columns} />;
  } else if (query.isError && !list) {
    body = (
      <ListLoadError
        title={`The ${many} could not be loaded`}
        message={query.error.message}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (list && list.items.length > 0) {
    body = (
      <div aria-busy={query.isPlaceholderData} className="transition-opacity aria-busy:opacity-60">
        {children(list.items)}
      </div>
    );
  } else if (list && list.total > 0) {
    body = (
      <ListEmpty
        icon={icon}
        title={`There are no ${many} on this page`}
        action={
          <Button variant="outline" size="sm" onClick={() => onPageChange(1)}>
            Go to the first page
          </Button>
        }
      />
    );
  } else if (filtered) {
    body = (
      <ListEmpty
        icon={icon}
        title={`No ${many} match these filters`}
        action={
          <Button variant="outline" size="sm" onClick={onClear}>
            Clear filters
          </Button>
        }
      />
    );
  } else {
    body = (
      <ListEmpty icon={icon} title={`No ${many} yet`}>
        {emptyText}
      </ListEmpty>
    );
  }

  return (
    <>
      <div className="bg-card overflow-hidden rounded-xl border shadow-xs">{body}</div>
      {list && list.total > 0 && (
        <ListPagination
          page={list.page}
          pageSize={list.pageSize || FLEET_PAGE_SIZE}
          total={list.total}
          noun={[one, many]}
          onPageChange={onPageChange}
        />
      )}
    </>
  );
}
