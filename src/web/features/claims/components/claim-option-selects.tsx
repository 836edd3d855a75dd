import type { ComponentProps } from 'react';
import type { Workflow } from '@shared/workflows';

import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { useFacilityOptions } from '../api/get-facility-options';
import { useLocationOptions } from '../api/get-location-options';

/** Radix Select has no empty value; this one stands for "none". */
const NONE = '__none__';

type Option = { id: string; label: string };
type TriggerProps = Pick<ComponentProps<'button'>, 'id' | 'aria-invalid' | 'aria-describedby' | 'onBlur'>;

function OptionSelect({
  value,
  onChange,
  options,
  current,
  noneLabel,
  loading,
  ...trigger
}: TriggerProps & {
  value: string;
  onChange: (id: string, label: string | null) => void;
  options: readonly Option[] | undefined;
  /** The claim's saved choice, kept in the list even if it is no longer offered (inactive). */
  current: Option | null;
  noneLabel: string;
  loading: boolean;
}) {
  const all = [...(options ?? [])];
  if (current && !all.some((option) => option.id === current.id)) all.unshift(current);
  return (
    <Select
      value={value || NONE}
      onValueChange={(id) => {
        if (id === NONE) onChange('', null);
        else onChange(id, all.find((option) => option.id === id)?.label ?? null);
      }}
    >
      <SelectTrigger className="w-full" {...trigger}>
        <SelectValue placeholder={loading ? 'Loading…' : noneLabel} />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={NONE}>{noneLabel}</SelectItem>
        {all.map((option) => (
          <SelectItem key={option.id} value={option.id}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** The claim company's locations. */
export function LocationSelect({
  companyId,
  current,
  ...props
}: TriggerProps & {
  companyId: string;
  current: Option | null;
  value: string;
  onChange: (id: string, label: string | null) => void;
}) {
  const locations = useLocationOptions(companyId);
  return (
    <OptionSelect
      {...props}
      current={current}
      loading={locations.isPending}
      noneLabel="No location"
      options={locations.data?.map((location) => ({ id: location.id, label: location.name }))}
    />
  );
}

/** Active facilities doing this workflow's kind of work. */
export function FacilitySelect({
  workflow,
  current,
  ...props
}: TriggerProps & {
  workflow: Workflow;
  current: Option | null;
  value: string;
  onChange: (id: string, label: string | null) => void;
}) {
  const facilities = useFacilityOptions(workflow);
  return (
    <OptionSelect
      {...props}
      current={current}
      loading={facilities.isPending}
      noneLabel="No facility yet"
      options={facilities.data?.map((facility) => ({ id: facility.id, label: facility.name }))}
    />
  );
}
