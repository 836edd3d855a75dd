import { useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { z } from 'zod';

import {
  DataTable,
  DataTableSkeleton,
  FilterSelect,
  ListFrame,
  ListToolbar,
  SearchBox,
  useUrlFilters,
  type DataColumn,
  type ListMessages,
  type ListPage,
} from '../../../components/data-list';
import { SUPPORT_PAGE_SIZE, type SupportListFilter } from '../api/list-filter';

/** What sets one admin list (Bug Reports, Contact Submissions) apart from the other. */
export type SupportListConfig<Item extends { id: string }, Status extends string> = {
  /** The list's shared query schema, without the page size (the address does not carry it). */
  schema: z.ZodObject<z.ZodRawShape>;
  useList: (filter: SupportListFilter<Status>) => UseQueryResult<ListPage<Item>>;
  statuses: readonly Status[];
  statusLabels: Record<Status, string>;
  /** "Filter bug reports", "Search bug reports", the search box's placeholder. */
  toolbar: { label: string; searchLabel: string; searchPlaceholder: string };
  /** The table's accessible name and its loading one: "Bug reports", "Loading bug reports". */
  tableLabel: string;
  loadingLabel: string;
  /** The table's columns; a cell's link or button opens the item with `onOpen`. */
  columns: (onOpen: (item: Item) => void) => readonly DataColumn<Item>[];
  rowProps?: (item: Item) => ComponentProps<'tr'>;
  noun: readonly [string, string];
  icon: ReactNode;
  messages: ListMessages;
  emptyText: ReactNode;
  /** The detail sheet of the opened item. */
  Sheet: (props: { shown: Item | null; onOpenChange: (open: boolean) => void }) => ReactNode;
};

/** An admin list: newest first, with search, status and paging; a row opens its detail sheet. */
export function SupportList<Item extends { id: string }, Status extends string>({
  config,
}: {
  config: SupportListConfig<Item, Status>;
}) {
  const { schema, useList, statuses, statusLabels, toolbar, Sheet } = config;
  const { filter: parsed, setFilter, clearFilters, filtered } = useUrlFilters(schema);
  const filter = parsed as SupportListFilter<Status>;
  const query = useList(filter);
  const [opened, setOpened] = useState<Item | null>(null);
  const columns = useMemo(() => config.columns(setOpened), [config]);
  // The row as the list shows it now (a status change updates it), else as it was when opened.
  const shown = opened && (query.data?.items.find((item) => item.id === opened.id) ?? opened);

  return (
    <div className="grid gap-4">
      <ListToolbar label={toolbar.label} filtered={filtered} onClear={clearFilters}>
        <SearchBox
          value={filter.search ?? ''}
          label={toolbar.searchLabel}
          placeholder={toolbar.searchPlaceholder}
          onSearch={(search) => setFilter({ search })}
        />
        <FilterSelect
          label="Status"
          allLabel="Any status"
          value={filter.status}
          options={statuses.map((status) => ({ value: status, label: statusLabels[status] }))}
          className="w-full sm:w-[11rem]"
          onChange={(status) => setFilter({ status })}
        />
      </ListToolbar>
      <ListFrame
        query={query}
        noun={config.noun}
        pageSize={SUPPORT_PAGE_SIZE}
        icon={config.icon}
        skeleton={<DataTableSkeleton label={config.loadingLabel} columns={columns} />}
        filtered={filtered}
        messages={config.messages}
        emptyText={config.emptyText}
        onClear={clearFilters}
        onPageChange={(page) => setFilter({ page })}
      >
        {(items) => (
          <DataTable
            label={config.tableLabel}
            columns={columns}
            rows={items}
            rowId={(item) => item.id}
            onOpen={setOpened}
            rowProps={config.rowProps}
          />
        )}
      </ListFrame>
      <Sheet shown={shown} onOpenChange={(open) => !open && setOpened(null)} />
    </div>
  );
}
