export { DataTable, DataTableSkeleton, type DataColumn, type DataSort } from './data-table';
export { ColumnVisibilityMenu, useColumnVisibility } from './column-visibility';
export {
  ACTIVE_OPTIONS,
  ALL,
  ActiveFilter,
  CompanyFilter,
  FilterSelect,
  type FilterOption,
} from './filter-select';
export { DateFilter } from './date-filter';
export { ListFrame, type ListMessages, type ListPage } from './list-frame';
export { ListPagination } from './list-pagination';
export { ListEmpty, ListLoadError } from './list-states';
export { ListToolbar, ToolbarFilters } from './list-toolbar';
export { SEARCH_DEBOUNCE_MS, SearchBox, SearchInput } from './search-box';
export {
  listSearchParams,
  readUrlFilters,
  useUrlFilters,
  writeUrlFilters,
  type UrlFilterChange,
  type UrlFilterSchema,
} from './use-url-filters';
export { DetailList, DetailSheet, useLastShown, WrittenText, type DetailRow } from './detail-sheet';
export { RowActions, type RowAction } from './row-actions';
export { ActiveBadge } from './active-badge';
export { WholeList } from './whole-list';
