import { useId } from 'react';

import { Input } from '../../../components/ui/input';
import { todayIsoDate } from '../../../lib/format-calendar-date';
import { Field, type FieldProps } from './claims-filter-field';

type DateRangeKeys = { from: 'completedFrom' | 'from'; to: 'completedTo' | 'to' };

/** A from–to pair of dates, both ends included, neither after today. */
function DateRangeFilter({
  label,
  keys,
  filter,
  onChange,
}: Omit<FieldProps, 'options'> & { label: string; keys: DateRangeKeys }) {
  const fromId = useId();
  const toId = useId();
  const today = todayIsoDate();
  const messageId = useId();
  const from = filter[keys.from];
  const to = filter[keys.to];
  // Typed dates get past min and max: say so rather than list nothing without a reason.
  const reversed = Boolean(from && to && from > to);
  return (
    <>
      <Field label={`${label} from`} htmlFor={fromId}>
        <Input
          id={fromId}
          type="date"
          value={from ?? ''}
          max={to ?? today}
          onChange={(event) => onChange({ [keys.from]: event.target.value || undefined })}
        />
      </Field>
      <Field label={`${label} to`} htmlFor={toId}>
        <Input
          id={toId}
          type="date"
          value={to ?? ''}
          min={from}
          max={today}
          aria-invalid={reversed || undefined}
          aria-describedby={reversed ? messageId : undefined}
          onChange={(event) => onChange({ [keys.to]: event.target.value || undefined })}
        />
        {reversed && (
          <p id={messageId} role="alert" className="text-destructive text-xs">
            {`${label} to is before ${label.toLowerCase()} from`}
          </p>
        )}
      </Field>
    </>
  );
}

/** The completion-date range, both ends included. */
export function CompletedDateFilter(props: Omit<FieldProps, 'options'>) {
  return <DateRangeFilter label="Completed" keys={{ from: 'completedFrom', to: 'completedTo' }} {...props} />;
}

/** The date-of-loss range, both ends included. */
export function LossDateFilter(props: Omit<FieldProps, 'options'>) {
  return <DateRangeFilter label="Loss" keys={{ from: 'from', to: 'to' }} {...props} />;
}
