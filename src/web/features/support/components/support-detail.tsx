import { useId, type ReactNode } from 'react';

import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { formatDateTime } from '../../../lib/format-relative-time';

/** Label–value rows of a detail view; a missing value reads as a dash. */
export function DetailList({ rows }: { rows: { label: string; value: ReactNode }[] }) {
  return (
    <dl className="grid gap-x-4 gap-y-3 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
      {rows.map(({ label, value }) => (
        <div key={label} className="grid gap-0.5 sm:contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 break-words">{value || <span className="text-muted-foreground">—</span>}</dd>
        </div>
      ))}
    </dl>
  );
}

export function DateTime({ at }: { at: string }) {
  return <time dateTime={at}>{formatDateTime(at)}</time>;
}

/** A long text a person wrote (a message, a description), kept with its line breaks. */
export function WrittenText({ label, children }: { label: string; children: string }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-medium">{label}</h3>
      <div className="bg-muted/50 rounded-lg border px-3 py-2.5 text-sm/6 break-words whitespace-pre-wrap">
        {children}
      </div>
    </section>
  );
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
