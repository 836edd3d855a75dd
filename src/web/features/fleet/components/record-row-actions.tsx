import { ArchiveIcon, ArchiveRestoreIcon, EyeIcon, MoreHorizontalIcon, PencilIcon } from 'lucide-react';

import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
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
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${record.name}`}>
          <MoreHorizontalIcon />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-48">
        <DropdownMenuLabel className="text-muted-foreground truncate text-xs font-normal">
          {record.name}
        </DropdownMenuLabel>
        <DropdownMenuItem onSelect={() => onAction('view', record)}>
          <EyeIcon />
          View details
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onAction('edit', record)}>
          <PencilIcon />
          Edit
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        {record.active ? (
          <DropdownMenuItem variant="destructive" onSelect={() => onAction('deactivate', record)}>
            <ArchiveIcon />
            Deactivate
          </DropdownMenuItem>
        ) : (
          <DropdownMenuItem onSelect={() => onAction('reactivate', record)}>
            <ArchiveRestoreIcon />
            Reactivate
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
