import { useQueryClient } from '@tanstack/react-query';

import { Page } from '../../components/layout/page';
import { personName } from '../../components/user-avatar';
import { useUserCompanies } from '../../features/auth';
import { CLAIMS_QUERY_KEY } from '../../features/claims';
import { ClaimManager } from '../../features/claim-board';
import { StaleDaysSetting } from '../../features/settings';
import { useSession } from '../session';

/**
 * Claim Manager (PRODUCT.md §6): the open claims of each workflow on a board, by status, for everyone
 * (spec §6); those who may move claims drag them along the workflow. Admins set, next to the legend, after
 * how many days without an update a claim counts as stale. "My claims" is for every role: any user who sees
 * a company's claims can be assigned one (PRODUCT.md §2 and §4).
 */
export function ClaimManagerPage() {
  const { user, can } = useSession();
  const companies = useUserCompanies().data ?? [];
  const client = useQueryClient();
  const canMove = can('claims.transition');

  return (
    <Page
      title="Claim Manager"
      description={
        canMove
          ? 'Open claims by status: move them along their workflow and spot the ones that have stalled.'
          : 'Open claims by status: see where each one stands and spot the ones that have stalled.'
      }
      className="max-w-none"
    >
      <ClaimManager
        companies={companies}
        currentUser={{ id: user.id, name: personName(user), username: user.username }}
        canListLocations={can('locations.dashboard')}
        canListUsers={can('users.view')}
        canMove={canMove}
        staleSetting={
          can('system.settings.manage')
            ? (current) => (
                <StaleDaysSetting
                  current={current}
                  onSaved={() =>
                    void client.invalidateQueries({
                      queryKey: CLAIMS_QUERY_KEY,
                      predicate: (query) => query.queryKey[1] === 'board',
                    })
                  }
                />
              )
            : undefined
        }
      />
    </Page>
  );
}
