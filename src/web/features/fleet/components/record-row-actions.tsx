import { ArchiveIcon, ArchiveRestoreIcon, EyeIcon, PencilIcon } from 'lucide-react';

import { RowActions } from '../../../components/data-list';
import type { FleetRecord } from './record-list';

export type RecordAction = 'view' | 'edit' | 'deactivate' | 'reactivate';

/**
 * The "⋯" menu of one record, for those who manage records: details, editing and (de)activation. Everyone
 * else opens the details from the record's name, so they get no menu.
 */
export function RecordRowActions<T extends FleetRecord>({
  record,
  onAction,
}: {
  record: T;
  onAction: (action: RecordAction, record: T) => void;
}) {
  const act = (action: RecordAction) => () => onAction(action, record);
  return (
    <RowActions
      name={record.name}
      actions={[
        { label: 'View details', icon: <EyeIcon />, onSelect: act('view') },
        { label: 'Edit', icon: <PencilIcon />, onSelect: act('edit') },
        record.active
          ? {
              label: 'Deactivate',
              icon: <ArchiveIcon />,
              onSelect: act('deactivate'),
              destructive: true,
              separated: true,
            }
          : {
              label: 'Reactivate',
              icon: <ArchiveRestoreIcon />,
              onSelect: act('reactivate'),
              separated: true,
            },
      ]}
    />
  );
}
