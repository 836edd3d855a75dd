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
  return fleetDashboardCompanyIds({ role, companyIds: actor.companyIds, fleetDashboardCompanyId });
}
