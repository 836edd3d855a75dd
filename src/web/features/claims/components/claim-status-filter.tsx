import { useId } from 'react';
import { ChevronsUpDownIcon } from 'lucide-react';
import {
  CLAIM_STATUSES,
  STATUS_LABELS,
  statusesOf,
  type ClaimStatus,
  type Workflow,
} from '@shared/workflows';

import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover';
import { cn } from '../../../lib/utils';
import { ClaimStatusBadge } from './claim-status-badge';

function summary(selected: readonly ClaimStatus[]): string {
  if (selected.length === 0) return 'Any status';
  if (selected.length === 1) return STATUS_LABELS[selected[0]!];
  return `${selected.length} statuses`;
}

/** The statuses a claim of `workflow` can be in (every status when no workflow is chosen). */
export function statusOptions(workflow: Workflow | undefined): readonly ClaimStatus[] {
  return workflow ? statusesOf(workflow) : CLAIM_STATUSES;
}

/** Any number of statuses: a button naming the choice, opening a checklist in workflow order. */
export function ClaimStatusFilter({
  workflow,
  value,
  onChange,
  className,
}: {
  workflow: Workflow | undefined;
  value: readonly ClaimStatus[];
  onChange: (statuses: ClaimStatus[]) => void;
  className?: string;
}) {
  const listId = useId();
  const toggle = (status: ClaimStatus, checked: boolean) =>
    onChange(checked ? [...value, status] : value.filter((selected) => selected !== status));

  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button
          type="button"
          variant="outline"
          aria-label={`Status: ${summary(value)}`}
          className={cn(
            'justify-between font-normal',
            value.length === 0 && 'text-muted-foreground',
            className,
          )}
        >
          <span className="truncate">{summary(value)}</span>
          <ChevronsUpDownIcon className="opacity-50" aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-64 p-0">
        <ul id={listId} aria-label="Statuses" className="max-h-80 overflow-y-auto p-1">
          {statusOptions(workflow).map((status) => {
            const checkboxId = `${listId}-${status}`;
            return (
              <li key={status}>
                <label
                  htmlFor={checkboxId}
                  className="hover:bg-accent flex cursor-pointer items-center gap-2.5 rounded-sm px-2 py-1.5 text-sm"
                >
                  <Checkbox
                    id={checkboxId}
                    checked={value.includes(status)}
                    onCheckedChange={(checked) => toggle(status, checked === true)}
                    aria-label={STATUS_LABELS[status]}
                  />
                  <ClaimStatusBadge status={status} />
                </label>
              </li>
            );
          })}
        </ul>
        {value.length > 0 && (
          <div className="border-t p-1">
            <Button type="button" variant="ghost" size="sm" className="w-full" onClick={() => onChange([])}>
              Any status
            </Button>
          </div>
        )}
      </PopoverContent>
    </Popover>
  );
}
