import { useId } from 'react';

import { Input } from '../ui/input';
import { Label } from '../ui/label';

/** One end of a date range in a list toolbar, labelled above the input ("Received from"). */
export function DateFilter({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string | undefined;
  min?: string | undefined;
  max?: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <Label htmlFor={id} className="text-muted-foreground text-xs font-normal">
        {label}
      </Label>
      <Input
        id={id}
        type="date"
        value={value ?? ''}
        min={min}
        max={max}
        className="w-full sm:w-40"
        onChange={(event) => onChange(event.target.value || undefined)}
      />
    </div>
  );
}
