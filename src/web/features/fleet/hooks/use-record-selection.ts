import { useState } from 'react';
import type { FleetRecord } from '../components/record-list';
import type { RecordAction } from '../components/record-row-actions';

/**
 * Which record of a list is open in the detail sheet and which is being edited, shared by the companies,
 * locations and facilities screens. `shown` is the opened record as the list shows it now (an edit updates
 * it), else as it was when opened.
 */
export function useRecordSelection<T extends FleetRecord>(
  items: readonly T[] | undefined,
  requestActivation: (record: T) => void,
) {
  const [opened, setOpened] = useState<T | null>(null);
  const [editing, setEditing] = useState<T | null>(null);
  const shown = opened && (items?.find((item) => item.id === opened.id) ?? opened);

  const onAction = (action: RecordAction, record: T) => {
    if (action === 'view') setOpened(record);
    else if (action === 'edit') setEditing(record);
    else requestActivation(record);
  };

  return { opened, setOpened, editing, setEditing, shown, onAction };
}
