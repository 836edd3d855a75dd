import type { PlaywrightWorkerArgs } from '@playwright/test';
import { permissionsFor, type Permission } from '../src/shared/permissions';
import { expect, signIn, test } from './fixtures';
import { createClaim, createCompany, createReadyUser, moveClaim, signedInApi } from './support/api';
import { checkScreens, seriousAxeViolations } from './support/axe';
import { ADMIN_PASSWORD } from './support/env';

/**
 * Every screen, per role, through axe-core: no serious or critical violation (issue 18). A screen is visited
 * by the roles whose permissions open it; it is checked once its data has loaded (no busy region, no
 * skeleton), as a user would see it.
 */
type Role = 'admin' | 'manager' | 'viewer';

type Screen = { path: string; needs?: Permission };

/** The screens of the fleet's daily work: every role opens most of them. */
const FLEET_SCREENS: Screen[] = [
  { path: '/' },
  { path: '/vehicles' },
  { path: '/vehicles/{claim}' },
  { path: '/vehicles/{claim}/window-tag' },
  { path: '/add-vehicle', needs: 'vehicles.create' },
  { path: '/claim-manager' },
  { path: '/driver-reports', needs: 'vehicles.create' },
  { path: '/fleet-dashboard' },
  { path: '/reports' },
  { path: '/companies', needs: 'companies.dashboard' },
  { path: '/locations', needs: 'locations.dashboard' },
  { path: '/repair-facilities' },
  { path: '/repair-facilities?tab=ccc', needs: 'vehicles.edit' },
  { path: '/notifications' },
  { path: '/profile' },
  { path: '/help' },
];

/** The screens of administration and accounting: mostly the admin's. */
const ADMIN_SCREENS: Screen[] = [
  { path: '/users', needs: 'users.view' },
  { path: '/admin/email-templates', needs: 'system.email.templates.manage' },
  { path: '/admin/mail-outbox', needs: 'system.settings.manage' },
  { path: '/admin/api', needs: 'system.api.manage' },
  { path: '/admin/bug-reports', needs: 'system.support.manage' },
  { path: '/admin/contact-submissions', needs: 'system.support.manage' },
  { path: '/tekmetric-admin', needs: 'system.tekmetric.configure' },
  { path: '/admin/accounts-receivable', needs: 'accounting.view' },
  { path: '/admin/accounts-receivable?tab=payments', needs: 'accounting.view' },
  { path: '/admin/accounts-receivable?tab=aging', needs: 'accounting.view' },
  { path: '/admin/accounts-receivable?tab=ready', needs: 'accounting.view' },
];

// A claim pack link and a report link that are not valid: the adjuster's and the driver's pages in that state.
const PUBLIC_SCREENS = [
  '/auth',
  '/forgot-password',
  '/support',
  '/privacy-policy',
  '/terms',
  '/claim-packs/not-a-valid-link',
  '/report/not-a-valid-link',
];

/**
 * One company with claims across the workflow (so the dashboard's bars, the board and the lists have something
 * to show) and a manager and a viewer of it: made once, by the first test of a role that needs it.
 */
let axeFleet:
  | Promise<{
      claimId: string;
      people: Record<Exclude<Role, 'admin'>, { username: string; password: string }>;
    }>
  | undefined;

function prepareAxeFleet(playwright: PlaywrightWorkerArgs['playwright']) {
  axeFleet ??= (async () => {
    const admin = await signedInApi(playwright, 'admin', ADMIN_PASSWORD);
    const company = await createCompany(admin, 'Axe Fleet');
    // Urgent: the claim page then shows the destructive-outlined badge (text on the token's 10 % tint, 12 px).
    const claim = await createClaim(admin, company.id, { priority: 'urgent' });
    await moveClaim(admin, await createClaim(admin, company.id), 'estimate_pending', 'estimate_review');
    await moveClaim(
      admin,
      await createClaim(admin, company.id),
      'estimate_pending',
      'estimate_review',
      'approved',
    );
    await moveClaim(admin, await createClaim(admin, company.id, { workflow: 'mechanical' }), 'diagnosis');
    const people = {
      manager: await createReadyUser(playwright, admin, {
        firstName: 'Axel',
        lastName: 'Manager',
        role: 'manager',
        companyIds: [company.id],
      }),
      viewer: await createReadyUser(playwright, admin, {
        firstName: 'Vera',
        lastName: 'Viewer',
        role: 'viewer',
        companyIds: [company.id],
      }),
    };
    await admin.dispose();
    return { claimId: claim.id, people };
  })();
  return axeFleet;
}

test('the check itself reports a serious violation it is shown, with the element', async ({ page }) => {
  await page.setContent(
    '<html lang="en"><head><title>Probe</title></head><body><main><h1>Probe</h1><button id="nameless"></button></main></body></html>',
  );
  expect(await seriousAxeViolations(page)).toEqual(['button-name: #nameless']);
});

test('every public screen, signed out, has no serious or critical axe violation', async ({ page }) => {
  test.setTimeout(120_000);
  expect(await checkScreens(page, PUBLIC_SCREENS)).toEqual([]);
});

// One test per role and group of screens: the admin's twenty-five screens in one test took over five minutes
// on the busy two-core CI machine, so each group has its own time and the two workers share them — the file's
// tests run in parallel (each worker makes the fleet on its own server), where a file's tests otherwise all run on
// one worker: 5.3 minutes of one worker while the other had finished (2026-11-29).
test.describe.configure({ mode: 'parallel' });
const GROUPS = { fleet: FLEET_SCREENS, administration: ADMIN_SCREENS };
for (const role of ['admin', 'manager', 'viewer'] as const) {
  for (const [group, screens] of Object.entries(GROUPS)) {
    const allowed = permissionsFor(role);
    const opened = screens.filter((screen) => !screen.needs || allowed.includes(screen.needs));
    if (opened.length === 0) continue;
    test(`every ${group} screen the ${role} opens has no serious or critical axe violation`, async ({
      page,
      playwright,
      adminReady: _ready,
    }) => {
      test.setTimeout(240_000);
      const { claimId, people } = await prepareAxeFleet(playwright);
      const { username, password } =
        role === 'admin' ? { username: 'admin', password: ADMIN_PASSWORD } : people[role];
      // checkScreens loads the first screen itself.
      await signIn(page, username, password, null);
      const paths = opened.map((screen) => screen.path.replace('{claim}', claimId));
      expect(await checkScreens(page, paths)).toEqual([]);
    });
  }
}
