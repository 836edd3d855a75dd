import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';

import { Button } from '../ui/button';
import { ListPagination } from './list-pagination';
import { ListEmpty, ListLoadError } from './list-states';

/** One page of a paged list as the server answers it. */
export type ListPage<T> = { items: T[]; total: number; page: number; pageSize: number };

/** What the list says when it has nothing to show; each defaults to a sentence about `noun`'s plural. */
export type ListMessages = {
  loadError?: string;
  pastEnd?: string;
  noMatch?: string;
  none?: string;
};

/**
 * Everything around a paged list: the skeleton while the first page loads, the error with a retry, the
 * three kinds of empty (none yet, none matching, none on this page), the list itself (dimmed while the
 * next page loads) and the paging below it.
 */
export function ListFrame<T>({
  query,
  noun,
  pageSize,
  icon,
  skeleton,
  filtered,
  messages = {},
  emptyText,
  onClear,
  onPageChange,
  children,
}: {
  query: UseQueryResult<ListPage<T>>;
  /** Singular and plural, for the paging and the default messages: ['company', 'companies']. */
  noun: readonly [string, string];
  /** The page size asked for, when the answer does not say. */
  pageSize: number;
  icon: ReactNode;
  /** Shown while the first page loads: the list's TableSkeleton. */
  skeleton: ReactNode;
  filtered: boolean;
  messages?: ListMessages;
  /** What to do about an empty list that nothing filters. */
  emptyText?: ReactNode;
  onClear: () => void;
  onPageChange: (page: number) => void;
  children: (items: T[]) => ReactNode;
}) {
  const list = query.data;
  const many = noun[1];
  const {
    loadError = `The ${many} could not be loaded`,
    pastEnd = `There are no ${many} on this page`,
    noMatch = `No ${many} match these filters`,
    none = `No ${many} yet`,
  } = messages;

  let body: ReactNode;
  if (query.isPending) {
    body = skeleton;
  } else if (query.isError && !list) {
    body = (
      <ListLoadError
        title={loadError}
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
        title={pastEnd}
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
        title={noMatch}
        action={
          <Button variant="outline" size="sm" onClick={onClear}>
            Clear filters
          </Button>
        }
      />
    );
  } else {
    body = (
      <ListEmpty icon={icon} title={none}>
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
          pageSize={list.pageSize || pageSize}
          total={list.total}
          noun={noun}
          onPageChange={onPageChange}
        />
      )}
    </>
  );
}
