import { useId } from 'react';
import type { CompanySummary } from '@shared/users';
import {
  REPORT_FIRST_DAY,
  REPORT_LAST_DAY,
  REPORT_DATE_FIELD_LABELS,
  REPORT_DATE_FIELDS,
  REPORT_RANGE_LABELS,
  REPORT_RANGES,
  type ReportDateField,
  type ReportRange,
} from '@shared/reports';
import type { z } from 'zod';
import type { reportFilterFieldsSchema } from '@shared/reports';

import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import {
  CompanyFilter,
  FacilityFilter,
  LocationFilter,
  StatusFilter,
  useClaimsFilterOptions,
  WorkflowFilter,
  type AssigneeOption,
} from '../../claims';

export type ReportFilterValues = z.output<typeof reportFilterFieldsSchema>;
export type ReportFilterChange = Partial<ReportFilterValues>;

function Labelled({
  label,
  htmlFor,
  children,
}: {
  label: string;
  htmlFor: string;
  children: React.ReactNode;
}) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={htmlFor} className="text-muted-foreground text-xs font-medium">
        {label}
      </Label>
      {children}
    </div>
  );
}

/**
 * The one filter bar of the reports: the period (a preset or custom days, on the reported or completed date),
 * company, location, workflow, repair facility and statuses, and "Compare with the previous period". Every
 * change is written to the address, so a report can be bookmarked and shared.
 */
export function ReportFilterBar({
  filter,
  onChange,
  companies,
  currentUser,
  canListLocations,
}: {
  filter: ReportFilterValues;
  onChange: (change: ReportFilterChange) => void;
  companies: readonly CompanySummary[];
  currentUser: AssigneeOption;
  canListLocations: boolean;
}) {
  const rangeId = useId();
  const dateFieldId = useId();
  const fromId = useId();
  const toId = useId();
  const compareId = useId();
  const options = useClaimsFilterOptions({
    companyId: filter.companyId,
    companies,
    currentUser,
    canListLocations,
    canListUsers: false,
  });
  const claimFilter = {
    companyId: filter.companyId,
    locationId: filter.locationId,
    workflow: filter.workflow,
    repairFacilityId: filter.repairFacilityId,
    status: filter.status,
  };
  const change = (next: Record<string, unknown>) => {
    const picked: ReportFilterChange = {};
    for (const key of ['companyId', 'locationId', 'workflow', 'repairFacilityId', 'status'] as const) {
      if (key in next) (picked as Record<string, unknown>)[key] = next[key];
    }
    // A location belongs to one company.
    if ('companyId' in next && next.companyId !== filter.companyId) picked.locationId = undefined;
    onChange(picked);
  };
  return (
    <section aria-label="Report filters" className="bg-card grid gap-3 rounded-xl border p-4 print:hidden">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4 xl:grid-cols-6">
        <Labelled label="Period" htmlFor={rangeId}>
          <Select
            value={filter.range}
            // Days chosen for a custom period leave the address with it (and the PDF's and subscription's filter).
            onValueChange={(range) =>
              onChange(
                range === 'custom'
                  ? { range: range as ReportRange }
                  : { range: range as ReportRange, from: undefined, to: undefined },
              )
            }
          >
            <SelectTrigger id={rangeId} aria-label="Period" className="w-full min-w-0">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {REPORT_RANGES.map((range) => (
                <SelectItem key={range} value={range}>
                  {REPORT_RANGE_LABELS[range]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Labelled>
        {filter.range === 'custom' && (
          <>
            <Labelled label="From" htmlFor={fromId}>
              <Input
                id={fromId}
                type="date"
                value={filter.from ?? ''}
                min={REPORT_FIRST_DAY}
                max={filter.to ?? REPORT_LAST_DAY}
                onChange={(event) => onChange({ from: event.target.value || undefined })}
              />
            </Labelled>
            <Labelled label="To" htmlFor={toId}>
              <Input
                id={toId}
                type="date"
                value={filter.to ?? ''}
                min={filter.from ?? REPORT_FIRST_DAY}
                max={REPORT_LAST_DAY}
                onChange={(event) => onChange({ to: event.target.value || undefined })}
              />
            </Labelled>
          </>
        )}
        <Labelled label="Date" htmlFor={dateFieldId}>
          <Select
            value={filter.dateField}
            onValueChange={(dateField) => onChange({ dateField: dateField as ReportDateField })}
          >
            <SelectTrigger
              id={dateFieldId}
              aria-label="Date the period applies to"
              className="w-full min-w-0"
            >
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {REPORT_DATE_FIELDS.map((field) => (
                <SelectItem key={field} value={field}>
                  {REPORT_DATE_FIELD_LABELS[field]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Labelled>
        {companies.length > 1 && <CompanyFilter filter={claimFilter} options={options} onChange={change} />}
        <LocationFilter filter={claimFilter} options={options} onChange={change} />
        <WorkflowFilter filter={claimFilter} onChange={change} />
        <FacilityFilter filter={claimFilter} options={options} onChange={change} />
        <StatusFilter filter={claimFilter} onChange={change} />
      </div>
      <div className="flex items-center gap-2">
        <Checkbox
          id={compareId}
          checked={filter.compare === 'true'}
          onCheckedChange={(checked) => onChange({ compare: checked === true ? 'true' : undefined })}
        />
        <Label htmlFor={compareId}>Compare with the previous period</Label>
      </div>
    </section>
  );
}
