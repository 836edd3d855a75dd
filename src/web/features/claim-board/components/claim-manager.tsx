import type { ReactNode } from 'react';
import { BREAKPOINT_MD_PX } from '@shared/constants';
import type { CompanySummary } from '@shared/users';
import { WORKFLOWS, type Workflow } from '@shared/workflows';

import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { type AssigneeOption, useClaimsFilterOptions, WORKFLOW_LABELS } from '../../claims';
import { useBoardFilter } from '../hooks/use-board-filter';
import { useCompactColumns } from '../hooks/use-compact-columns';
import { ClaimBoardView } from './claim-board';
import { ClaimBoardToolbar } from './claim-board-toolbar';

/**
 * The Claim Manager: a board per workflow (tabs: ← and → switch between them), its filters, and the
 * board itself; the tab and the filters live in the address.
 */
export function ClaimManager({
  companies,
  currentUser,
  canListLocations,
  canListUsers,
  canMove,
  staleSetting,
}: {
  companies: readonly CompanySummary[];
  currentUser: AssigneeOption;
  /** `GET /api/locations` needs `locations.dashboard`; viewers filter by company only. */
  canListLocations: boolean;
  /** Admins can pick any assignee; others filter by themselves. */
  canListUsers: boolean;
  /** `claims.transition`: without it the board is read-only. */
  canMove: boolean;
  staleSetting?: (staleAfterDays: number) => ReactNode;
}) {
  const { filter, setFilter, clearFilters, activeFilters } = useBoardFilter();
  const phone = !useMediaQuery(`(min-width: ${BREAKPOINT_MD_PX}px)`);
  const [compactColumns, setCompactColumns] = useCompactColumns(currentUser.id);

  const options = useClaimsFilterOptions({
    companyId: filter.companyId,
    companies,
    currentUser,
    canListLocations,
    canListUsers,
  });

  return (
    <Tabs
      value={filter.workflow}
      onValueChange={(workflow) => setFilter({ workflow: workflow as Workflow })}
      className="gap-4"
    >
      <div className="grid gap-3">
        <TabsList aria-label="Workflow">
          {WORKFLOWS.map((workflow) => (
            <TabsTrigger key={workflow} value={workflow} className="px-4">
              {WORKFLOW_LABELS[workflow]}
            </TabsTrigger>
          ))}
        </TabsList>
        <ClaimBoardToolbar
          filter={filter}
          options={options}
          compact={phone}
          activeFilters={activeFilters}
          onChange={setFilter}
          onClear={clearFilters}
        />
      </div>
      {WORKFLOWS.map((workflow) => (
        <TabsContent key={workflow} value={workflow}>
          {workflow === filter.workflow && (
            <ClaimBoardView
              filter={filter}
              canMove={canMove}
              filtered={activeFilters > 0}
              onClearFilters={clearFilters}
              staleSetting={staleSetting}
              compact={compactColumns}
              onCompactChange={setCompactColumns}
            />
          )}
        </TabsContent>
      ))}
    </Tabs>
  );
}
