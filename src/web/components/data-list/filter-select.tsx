import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../ui/select';

/** The value of a filter's "everything" choice (Radix Select items cannot have an empty value). */
export const ALL = 'all';

export type FilterOption<Value extends string> = { value: Value; label: string };

/**
 * One filter of a list toolbar: "All roles" (or "Any status") and the choices. Choosing the first one
 * removes the filter; a value that is not a choice does too.
 */
export function FilterSelect<Value extends string>({
  label,
  allLabel,
  value,
  options,
  className,
  onChange,
}: {
  /** The select's accessible name: "Role". */
  label: string;
  /** The choice of no value ("All roles"); without it, one of the options is always chosen. */
  allLabel?: string;
  value: Value | undefined;
  options: readonly FilterOption<Value>[];
  /** The trigger's widths. */
  className: string;
  onChange: (value: Value | undefined) => void;
}) {
  return (
    <Select
      value={value ?? ALL}
      onValueChange={(chosen) => onChange(options.find((option) => option.value === chosen)?.value)}
    >
      <SelectTrigger aria-label={label} className={className}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {allLabel !== undefined && <SelectItem value={ALL}>{allLabel}</SelectItem>}
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** Active, inactive or both: the status filter of users, companies, locations and facilities. */
export const ACTIVE_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
] as const satisfies readonly FilterOption<'true' | 'false'>[];

export function ActiveFilter({
  value,
  onChange,
}: {
  value: 'true' | 'false' | undefined;
  onChange: (active: 'true' | 'false' | undefined) => void;
}) {
  return (
    <FilterSelect
      label="Status"
      allLabel="Any status"
      value={value}
      options={ACTIVE_OPTIONS}
      className="w-full sm:w-[9.5rem]"
      onChange={onChange}
    />
  );
}

/** The company filter of a list, from the companies the user may see. */
export function CompanyFilter({
  companies,
  value,
  onChange,
}: {
  companies: readonly { id: string; name: string }[];
  value: string | undefined;
  onChange: (companyId: string | undefined) => void;
}) {
  return (
    <FilterSelect
      label="Company"
      allLabel="All companies"
      value={value}
      options={companies.map((company) => ({ value: company.id, label: company.name }))}
      className="w-full sm:w-[12rem]"
      onChange={onChange}
    />
  );
}
