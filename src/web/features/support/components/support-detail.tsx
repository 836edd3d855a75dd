import { useId } from 'react';

import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { formatDateTime } from '../../../lib/format-relative-time';

export function DateTime({ at }: { at: string }) {
  return <time dateTime={at}>{formatDateTime(at)}</time>;
}

/** The status of the record in the detail view; changing it saves at once. */
export function StatusSelect<Status extends string>({
  value,
  statuses,
  labels,
  onChange,
}: {
  value: Status;
  statuses: readonly Status[];
  labels: Record<Status, string>;
  onChange: (status: Status) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Status</Label>
      <Select
        value={value}
        onValueChange={(next) => {
          const status = statuses.find((known) => known === next);
          if (status && status !== value) onChange(status);
        }}
      >
        <SelectTrigger id={id} className="w-full sm:w-56">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {statuses.map((status) => (
            <SelectItem key={status} value={status}>
              {labels[status]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
