import { fleetDashboardCompanyIds } from '@shared/fleet-dashboard.policy.js';
import type { UserActor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { readSetting } from '../settings/index.js';

/**
 * The companies whose Fleet Dashboard the actor may open: `fleetDashboardCompanyIds` of
 * `@shared/fleet-dashboard.policy`, which the sidebar asks too, with the setting read only for a viewer.
 */
export async function fleetDashboardScope(db: Database, actor: UserActor): Promise<'all' | string[]> {
  const role = actor.user.role;
  const fleetDashboardCompanyId = role === 'viewer' ? await readSetting(db, 'fleetDashboardCompanyId') : null;
  const ids = fleetDashboardCompanyIds({ role, companyIds: actor.companyIds, fleetDashboardCompanyId });
  // An API token limited to some companies (issue 33) opens only theirs, an admin's token included.
  const scope = actor.scope;
  if (scope === 'all') return ids;
  return ids === 'all' ? [...scope] : ids.filter((id) => scope.includes(id));
}
