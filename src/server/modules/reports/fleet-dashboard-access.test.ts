import { describe, expect, it } from 'vitest';
import type { UserRole } from '@shared/auth.js';
import type { FleetDashboard } from '@shared/fleet-dashboard.js';
import { canOpenFleetDashboard, fleetDashboardCompanyIds } from '@shared/fleet-dashboard.policy.js';
import type { CompanySummary } from '@shared/users.js';
import { appSettings } from '../../db/schema/index.js';
import { caller } from '../../test/accounting-factories.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';

/**
 * The sidebar shows the Fleet Dashboard entry when `canOpenFleetDashboard` says so, from what the browser reads
 * (the user's companies, the public settings); the server answers the dashboard from `fleetDashboardCompanyIds`.
 * For each role and link, the entry is shown exactly when the dashboard opens, and it offers the companies the
 * rule names.
 */
describe('Fleet Dashboard: the sidebar offers it exactly to whom the server opens it', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const chosen = await buildCompany(db, { name: 'Chosen Fleet' });
  const other = await buildCompany(db, { name: 'Other Fleet' });

  const readers: { label: string; role: UserRole; companyIds: string[] }[] = [
    { label: 'an admin', role: 'admin', companyIds: [] },
    { label: 'a manager of two companies', role: 'manager', companyIds: [chosen.id, other.id] },
    { label: 'a manager of no company', role: 'manager', companyIds: [] },
    { label: 'a viewer of the chosen company', role: 'viewer', companyIds: [other.id, chosen.id] },
    { label: 'a viewer of another company', role: 'viewer', companyIds: [other.id] },
  ];
  const cookies = await Promise.all(
    readers.map(async (reader) =>
      loginAs(app, await buildUser(db, { role: reader.role, companyIds: reader.companyIds })),
    ),
  );

  async function check(setting: string) {
    for (const [index, reader] of readers.entries()) {
      const call = caller(app, cookies[index]!);
      // What the browser reads to decide (use-navigation.ts): the user's companies and the public settings.
      const companies = (await call('GET', '/api/user/companies')).json() as CompanySummary[];
      const { fleetDashboardCompanyId } = (await call('GET', '/api/settings/public')).json() as {
        fleetDashboardCompanyId: string | null;
      };
      const offered = canOpenFleetDashboard({
        role: reader.role,
        companyIds: companies.map((company) => company.id),
        fleetDashboardCompanyId,
      });
      const opened = await call('GET', '/api/fleet-dashboard');
      expect(opened.statusCode, `${reader.label}, ${setting}: ${opened.body}`).toBe(offered ? 200 : 403);
      if (!offered) continue;
      const allowed = fleetDashboardCompanyIds({
        role: reader.role,
        companyIds: companies.map((company) => company.id),
        fleetDashboardCompanyId,
      });
      const shown = (opened.json() as FleetDashboard).companies.map((company) => company.id).sort();
      if (allowed !== 'all') expect(shown, `${reader.label}, ${setting}`).toEqual([...allowed].sort());
    }
  }

  it('with no fleet-dashboard company chosen, and with one', async () => {
    await check('no company chosen');
    await db.insert(appSettings).values({ key: 'fleetDashboardCompanyId', value: chosen.id });
    await check('the chosen company set');
  });
});
