import { INVOICE_STATUS_LABELS, INVOICE_STATUSES, type ListInvoicesQuery } from '@shared/accounting';
import type { CompanySummary } from '@shared/users';

import {
  CompanyFilter,
  DateFilter,
  FilterSelect,
  ListToolbar,
  SearchBox,
  ToolbarFilters,
} from '../../../components/data-list';

const STATUS_OPTIONS = INVOICE_STATUSES.map((value) => ({ value, label: INVOICE_STATUS_LABELS[value] }));
const OVERDUE_OPTIONS = [{ value: 'true', label: 'Overdue only' }] as const;

export type InvoicesFilterChange = Partial<ListInvoicesQuery>;

/** Search, status, company, overdue and the issued and due ranges of the invoice list. */
export function InvoicesToolbar({
  filter,
  companies,
  filtered,
  onChange,
  onClear,
}: {
  filter: Partial<ListInvoicesQuery>;
  companies: readonly CompanySummary[];
  filtered: boolean;
  onChange: (change: InvoicesFilterChange) => void;
  onClear: () => void;
}) {
  const reversed = [
    filter.issuedFrom &&
      filter.issuedTo &&
      filter.issuedFrom > filter.issuedTo &&
      'Issued to is before issued from',
    filter.dueFrom && filter.dueTo && filter.dueFrom > filter.dueTo && 'Due to is before due from',
  ].filter(Boolean);
  return (
    <div className="grid gap-2">
      <ListToolbar label="Filter invoices" filtered={filtered} onClear={onClear}>
        <SearchBox
          value={filter.search ?? ''}
          label="Search invoices"
          placeholder="Search number, company or claim"
          maxLength={100}
          onSearch={(search) => onChange({ search })}
        />
        <ToolbarFilters>
          <FilterSelect
            label="Status"
            allLabel="Any status"
            value={filter.status}
            options={STATUS_OPTIONS}
            className="w-full sm:w-[10.5rem]"
            onChange={(status) => onChange({ status })}
          />
          <CompanyFilter
            companies={companies}
            value={filter.companyId}
            onChange={(companyId) => onChange({ companyId })}
          />
          <FilterSelect
            label="Overdue"
            allLabel="Due or not"
            value={filter.overdue}
            options={OVERDUE_OPTIONS}
            className="w-full sm:w-[9.5rem]"
            onChange={(overdue) => onChange({ overdue })}
          />
        </ToolbarFilters>
      </ListToolbar>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        <DateFilter
          label="Issued from"
          value={filter.issuedFrom}
          max={filter.issuedTo}
          onChange={(issuedFrom) => onChange({ issuedFrom })}
        />
        <DateFilter
          label="Issued to"
          value={filter.issuedTo}
          min={filter.issuedFrom}
          onChange={(issuedTo) => onChange({ issuedTo })}
        />
        <DateFilter
          label="Due from"
          value={filter.dueFrom}
          max={filter.dueTo}
          onChange={(dueFrom) => onChange({ dueFrom })}
        />
        <DateFilter
          label="Due to"
          value={filter.dueTo}
          min={filter.dueFrom}
          onChange={(dueTo) => onChange({ dueTo })}
        />
      </div>
      {reversed.map((message) => (
        <p key={String(message)} role="alert" className="text-destructive text-sm">
          {message}
        </p>
      ))}
    </div>
  );
}
