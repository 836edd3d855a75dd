import { useState, type ReactNode } from 'react';
import { DownloadIcon, XIcon } from 'lucide-react';

import { SearchBox } from '../../../components/data-list';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { claimsExportHref, type ClaimsFilter } from '../api/get-claims';
import type { ClaimsFilterChange } from '../hooks/use-claims-filter';
import {
  AssigneeFilter,
  CompanyFilter,
  CompletedDateFilter,
  DownFilter,
  FacilityFilter,
  LocationFilter,
  LossDateFilter,
  OpenFilter,
  OverdueFilter,
  StatusFilter,
  WorkflowFilter,
  type ClaimsFilterOptions,
} from './claims-filter-fields';
import { FilterSheet, FiltersButton } from './filter-sheet';

/** The sort choices of the phone layout, which has no column headers to click. */
const SORT_CHOICES = [
  { value: 'updatedAt:desc', label: 'Recently updated' },
  { value: 'number:desc', label: 'Newest claims first' },
  { value: 'number:asc', label: 'Oldest claims first' },
  { value: 'lossDate:desc', label: 'Date of loss, latest first' },
  { value: 'lossDate:asc', label: 'Date of loss, earliest first' },
  { value: 'eta:asc', label: 'ETA, soonest first' },
  { value: 'status:asc', label: 'Status, in work order' },
  { value: 'priority:desc', label: 'Priority, urgent first' },
  { value: 'estimateAmount:desc', label: 'Estimate, biggest first' },
  { value: 'approvedAmount:desc', label: 'Approved amount, biggest first' },
  { value: 'finalAmount:desc', label: 'Final amount, biggest first' },
] as const;

type FiltersProps = {
  filter: ClaimsFilter;
  options: ClaimsFilterOptions;
  onChange: (change: ClaimsFilterChange) => void;
};

function FilterFields(props: FiltersProps) {
  return (
    <>
      <WorkflowFilter {...props} />
      <StatusFilter {...props} />
      <OpenFilter {...props} />
      <CompanyFilter {...props} />
      <LocationFilter {...props} />
      <FacilityFilter {...props} />
      <AssigneeFilter {...props} />
      <OverdueFilter {...props} />
      <DownFilter {...props} />
      <LossDateFilter {...props} />
      <CompletedDateFilter {...props} />
    </>
  );
}

function SortSelect({ filter, onChange }: Omit<FiltersProps, 'options'>) {
  const value = `${filter.sort}:${filter.order}`;
  const known = SORT_CHOICES.some((choice) => choice.value === value);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor="claims-sort" className="text-muted-foreground text-xs font-medium">
        Sort by
      </Label>
      <Select
        value={value}
        onValueChange={(next) => {
          const [sort, order] = next.split(':') as [ClaimsFilter['sort'], ClaimsFilter['order']];
          onChange({ sort, order });
        }}
      >
        <SelectTrigger id="claims-sort" className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {!known && <SelectItem value={value}>As chosen</SelectItem>}
          {SORT_CHOICES.map((choice) => (
            <SelectItem key={choice.value} value={choice.value}>
              {choice.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/**
 * Search, filters and export of All Claims. From 768 px the filters sit in a panel under the search (which
 * the Filters button hides and shows); on a phone they open in a sheet, with the sort order.
 */
export function ClaimsToolbar({
  filter,
  options,
  compact,
  filtered,
  activeFilters,
  onChange,
  onClear,
  columnsMenu,
}: FiltersProps & {
  /** The phone layout. */
  compact: boolean;
  /** The table's columns menu (not on the phone layout, which shows cards). */
  columnsMenu?: ReactNode;
  filtered: boolean;
  activeFilters: number;
  onClear: () => void;
}) {
  // The panel starts open when a filter in it is already set (a shared link, Back), closed otherwise.
  const [panelOpen, setPanelOpen] = useState(activeFilters > 0);
  const [sheetOpen, setSheetOpen] = useState(false);

  return (
    <div className="grid gap-3">
      <div role="search" aria-label="Filter claims" className="flex flex-wrap items-center gap-2">
        <SearchBox
          value={filter.search ?? ''}
          label="Search in All Claims"
          placeholder="Claim no., VIN, unit, plate, make, driver…"
          className="flex-1 basis-full lg:max-w-md lg:basis-auto"
          onSearch={(search) => onChange({ search })}
        />
        <div className="flex flex-1 flex-wrap items-center gap-2">
          <FiltersButton
            count={activeFilters}
            expanded={compact ? undefined : panelOpen}
            onClick={() => (compact ? setSheetOpen(true) : setPanelOpen(!panelOpen))}
          />
          {filtered && (
            <Button type="button" variant="ghost" onClick={onClear}>
              <XIcon aria-hidden="true" />
              Clear filters
            </Button>
          )}
          <span className="ml-auto" />
          {columnsMenu}
          <Button asChild variant="outline">
            <a href={claimsExportHref(filter)} download>
              <DownloadIcon aria-hidden="true" />
              Export CSV
            </a>
          </Button>
        </div>
      </div>

      {!compact && panelOpen && (
        <div
          aria-label="Filters"
          role="group"
          className="bg-muted/40 grid grid-cols-2 gap-3 rounded-xl border p-3 md:grid-cols-3 lg:grid-cols-5"
        >
          <FilterFields filter={filter} options={options} onChange={onChange} />
        </div>
      )}

      {compact && (
        <FilterSheet
          open={sheetOpen}
          onOpenChange={setSheetOpen}
          description="The list updates as you choose."
          doneLabel="Show claims"
          onClear={filtered ? onClear : undefined}
        >
          <SortSelect filter={filter} onChange={onChange} />
          <FilterFields filter={filter} options={options} onChange={onChange} />
        </FilterSheet>
      )}
    </div>
  );
}
