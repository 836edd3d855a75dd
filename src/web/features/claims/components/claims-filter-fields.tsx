import { useId } from 'react';
import type { CompanySummary } from '@shared/users';
import { WORKFLOWS, type Workflow } from '@shared/workflows';

import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import type { AssigneeOption } from '../api/get-assignable-users';
import type { FacilityOption } from '../api/get-facility-options';
import type { LocationOption } from '../api/get-location-options';
import type { ClaimsFilter } from '../api/get-claims';
import { Field, type FieldProps } from './claims-filter-field';
import { ClaimStatusFilter, statusOptions } from './claim-status-filter';
import { WORKFLOW_LABELS } from './claim-list-cells';

const ANY = 'any';

/** The choices the filters offer; a list that is not available (no permission) is `undefined`. */
export type ClaimsFilterOptions = {
  companies: readonly CompanySummary[];
  /** The chosen company's locations; `undefined` when the user may not list locations. */
  locations: readonly LocationOption[] | undefined;
  /** Why the location list is empty or disabled, if it is. */
  locationHint?: string | undefined;
  facilities: readonly FacilityOption[];
  assignees: readonly AssigneeOption[];
  currentUserId: string;
};

function OptionSelect({
  label,
  value,
  anyLabel,
  items,
  onChange,
  disabled,
  placeholder,
}: {
  label: string;
  value: string | undefined;
  anyLabel: string;
  items: readonly { value: string; label: string }[];
  onChange: (value: string | undefined) => void;
  disabled?: boolean;
  placeholder?: string;
}) {
  const id = useId();
  // A value from the address that is not among the choices (yet) still shows as chosen.
  const known = value === undefined || items.some((item) => item.value === value);
  return (
    <Field label={label} htmlFor={id}>
      <Select
        value={value ?? ANY}
        onValueChange={(next) => onChange(next === ANY ? undefined : next)}
        disabled={disabled}
      >
        <SelectTrigger id={id} aria-label={label} className="w-full min-w-0">
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ANY}>{disabled && placeholder ? placeholder : anyLabel}</SelectItem>
          {!known && value && <SelectItem value={value}>Chosen {label.toLowerCase()}</SelectItem>}
          {items.map((item) => (
            <SelectItem key={item.value} value={item.value}>
              {item.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </Field>
  );
}

export function WorkflowFilter({ filter, onChange }: Omit<FieldProps, 'options'>) {
  return (
    <OptionSelect
      label="Workflow"
      value={filter.workflow}
      anyLabel="Both workflows"
      items={WORKFLOWS.map((workflow) => ({ value: workflow, label: WORKFLOW_LABELS[workflow] }))}
      onChange={(value) => {
        const workflow = value as Workflow | undefined;
        // Statuses the other workflow does not have would only empty the list.
        const allowed = statusOptions(workflow);
        const status = filter.status?.filter((selected) => allowed.includes(selected));
        onChange({ workflow, status });
      }}
    />
  );
}

export function StatusFilter({ filter, onChange }: Omit<FieldProps, 'options'>) {
  return (
    <Field label="Status">
      <ClaimStatusFilter
        workflow={filter.workflow}
        value={filter.status ?? []}
        onChange={(status) => onChange({ status })}
        className="w-full"
      />
    </Field>
  );
}

export function OpenFilter({ filter, onChange }: Omit<FieldProps, 'options'>) {
  return (
    <OptionSelect
      label="Open or finished"
      value={filter.open}
      anyLabel="Open and finished"
      items={[
        { value: 'true', label: 'Open only' },
        { value: 'false', label: 'Finished only' },
      ]}
      onChange={(open) => onChange({ open: open as ClaimsFilter['open'] })}
    />
  );
}

export function CompanyFilter({ filter, options, onChange }: FieldProps) {
  return (
    <OptionSelect
      label="Company"
      value={filter.companyId}
      anyLabel="All companies"
      items={options.companies.map((company) => ({ value: company.id, label: company.name }))}
      onChange={(companyId) => onChange({ companyId })}
    />
  );
}

export function LocationFilter({ filter, options, onChange }: FieldProps) {
  if (!options.locations) return null;
  return (
    <OptionSelect
      label="Location"
      value={filter.locationId}
      anyLabel="All locations"
      items={options.locations.map((location) => ({
        value: location.id,
        label: location.active ? location.name : `${location.name} (inactive)`,
      }))}
      onChange={(locationId) => onChange({ locationId })}
      disabled={Boolean(options.locationHint) && !filter.locationId}
      placeholder={options.locationHint}
    />
  );
}

export function FacilityFilter({ filter, options, onChange }: FieldProps) {
  const kinds = filter.workflow ? [filter.workflow, 'both'] : undefined;
  return (
    <OptionSelect
      label="Repair facility"
      value={filter.repairFacilityId}
      anyLabel="All facilities"
      items={options.facilities
        .filter((facility) => !kinds || kinds.includes(facility.kind))
        .map((facility) => ({
          value: facility.id,
          label: facility.active ? facility.name : `${facility.name} (inactive)`,
        }))}
      onChange={(repairFacilityId) => onChange({ repairFacilityId })}
    />
  );
}

export function AssigneeFilter({ filter, options, onChange }: FieldProps) {
  const others = options.assignees.filter((person) => person.id !== options.currentUserId);
  return (
    <OptionSelect
      label="Assignee"
      value={filter.assigneeId}
      anyLabel="Anyone"
      items={[
        { value: options.currentUserId, label: 'Assigned to me' },
        ...others.map((person) => ({ value: person.id, label: person.name })),
      ]}
      onChange={(assigneeId) => onChange({ assigneeId })}
    />
  );
}

/** Open claims past their estimated completion day. */
export function OverdueFilter({ filter, onChange }: Omit<FieldProps, 'options'>) {
  return (
    <OptionSelect
      label="ETA"
      value={filter.overdue}
      anyLabel="Any ETA"
      items={[{ value: 'true', label: 'Overdue' }]}
      onChange={(overdue) => onChange({ overdue: overdue as ClaimsFilter['overdue'] })}
    />
  );
}

/** Open claims keeping their vehicle off the road: not drivable, or dropped off at the facility. */
export function DownFilter({ filter, onChange }: Omit<FieldProps, 'options'>) {
  return (
    <OptionSelect
      label="Vehicle"
      value={filter.down}
      anyLabel="Any vehicle"
      items={[{ value: 'true', label: 'Down now' }]}
      onChange={(down) => onChange({ down: down as ClaimsFilter['down'] })}
    />
  );
}

export { CompletedDateFilter, LossDateFilter } from './claims-date-filters';
