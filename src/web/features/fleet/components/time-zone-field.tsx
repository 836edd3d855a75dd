import { useId, useMemo } from 'react';
import { timeZoneNames } from '@shared/time-zones';

import { TextField } from './form-fields';

/**
 * A company's IANA time zone: a text field searching the runtime's zones as one types (a native datalist,
 * keyboard and screen-reader friendly). Left empty on a new company, the server's DEFAULT_TIME_ZONE applies.
 */
export function TimeZoneField({ isNew }: { isNew: boolean }) {
  const listId = useId();
  const zones = useMemo(() => timeZoneNames(), []);
  return (
    <>
      <TextField
        name="timeZone"
        label="Time zone"
        list={listId}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={isNew ? 'The server’s time zone' : 'e.g. America/Chicago'}
        className="sm:max-w-80"
        description="Its days start and its times print in this zone: the claim PDF, reports and their emails. Type to search, e.g. Chicago."
      />
      <datalist id={listId}>
        {zones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </>
  );
}
