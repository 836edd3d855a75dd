import type autocannon from 'autocannon';
import { BenchClient } from './api.js';
import { bare, joiningBusyServer, listed, type Scenario } from './scenario.js';

interface Page {
  items: { id: string; status: string; version?: number; vehicle: { vin: string } }[];
  total: number;
}

/** A scenario run as a seed:demo manager (two of the four companies: every query is company-scoped). */
function asManager(
  name: string,
  description: string,
  path: (url: string, manager: BenchClient) => Promise<string> | string,
): Scenario {
  return {
    name,
    description,
    needsClaims: true,
    setup: async (url) => {
      const manager = await BenchClient.demo(url, 'maria.manager');
      return { url: `${url}${await path(url, manager)}`, headers: { cookie: manager.cookie } };
    },
  };
}

/** The same as an admin of seed:demo (every company). */
function asAdmin(name: string, description: string, path: string): Scenario {
  return {
    name,
    description,
    needsClaims: true,
    setup: async (url) => {
      const admin = await BenchClient.demo(url, 'alex.admin');
      return { url: `${url}${path}`, headers: { cookie: admin.cookie } };
    },
  };
}

/**
 * A report takes seconds to compute on a large database (when its kept answer is out of date, decision 035): answers
 * up to a minute still count (as slow ones) instead of being dropped as timeouts, so that the percentiles say how
 * slow.
 */
function patient(scenario: Scenario): Scenario {
  return {
    ...scenario,
    setup: async (url) => ({ ...(await scenario.setup!(url)), timeout: 60 }),
  };
}

/**
 * The scenario while a claim of the manager's first company (the Fleet Dashboard's) is edited every second through
 * the API (its ETA, 30 or 31 days ahead: the dashboard shows it, and its on-time figures count it): every kept report
 * answer of that company is out of date each second (decision 035), so one request computes it again while the others
 * are given the previous answer. (A description, which no report reads, no longer makes them out of date: decision
 * 052.)
 */
function whileClaimsChange(scenario: Scenario): Scenario {
  return {
    ...scenario,
    name: `${scenario.name}-changing`,
    // The bare server would keep serving the answer kept before the edits.
    bare: false,
    description: `${scenario.description}, a claim of the company edited every second`,
    alongside: async (url) => {
      const manager = await BenchClient.demo(url, 'maria.manager');
      const { company } = await manager.call<{ company: { id: string } }>('GET', '/api/fleet-dashboard');
      const page = await manager.call<Page>('GET', `/api/vehicles?status=in_repair&companyId=${company.id}`);
      const claim = page.items[0];
      if (!claim) throw new Error('no claim in repair to edit');
      let edits = 0;
      let running = true;
      const loop = (async () => {
        while (running) {
          const { version } = await manager.call<{ version: number }>('GET', `/api/vehicles/${claim.id}`);
          const eta = new Date(Date.now() + (30 + (++edits % 2)) * 86_400_000).toISOString().slice(0, 10);
          await manager.call('PATCH', `/api/vehicles/${claim.id}`, { version, eta });
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      })();
      return async () => {
        running = false;
        await loop;
        return `${edits} edits of claim ${claim.id}`;
      };
    },
  };
}

const managerYear = patient(
  asManager(
    'report-manager-year',
    'GET /api/reports?range=last_year (every section, a manager of two companies; its kept answer after the first)',
    () => '/api/reports?range=last_year',
  ),
);
const fleetDashboard = patient(
  asManager(
    'fleet-dashboard',
    'GET /api/fleet-dashboard (a manager’s first company)',
    () => '/api/fleet-dashboard',
  ),
);

const claimsFirstPage = asManager(
  'claims-first-page',
  'GET /api/vehicles (first page, newest first)',
  () => '/api/vehicles',
);

export const claimScenarios: Scenario[] = [
  bare(managerYear),
  whileClaimsChange(managerYear),
  patient(
    asAdmin(
      'report-admin-year',
      'GET /api/reports?range=last_year (every section, every company)',
      '/api/reports?range=last_year',
    ),
  ),
  patient(
    asManager(
      'report-default',
      'GET /api/reports (the page as it opens: last 90 days, every section, a manager of two companies)',
      () => '/api/reports',
    ),
  ),
  patient(
    asAdmin(
      'report-admin-default',
      'GET /api/reports (last 90 days, every section, every company)',
      '/api/reports',
    ),
  ),
  fleetDashboard,
  whileClaimsChange(fleetDashboard),
  bare(listed(claimsFirstPage)),
  joiningBusyServer(claimsFirstPage),
  bare(
    listed(
      asManager(
        'claims-search',
        'GET /api/vehicles?search=sprinter 2500 (trigram search)',
        () => '/api/vehicles?search=sprinter%202500',
      ),
    ),
  ),
  bare(
    listed(
      asManager(
        'claims-search-vin',
        'GET /api/vehicles?search={the last 6 of a VIN} (a narrow search, as a VIN or unit number lookup is)',
        async (_url, manager) => {
          // A claim from the middle of the list, so the match is not simply the newest claim.
          const page = await manager.call<Page>('GET', '/api/vehicles?pageSize=1&page=20');
          return `/api/vehicles?search=${page.items[0]!.vehicle.vin.slice(-6)}`;
        },
      ),
    ),
  ),
  listed(
    asManager(
      'claims-filter-sort',
      'GET /api/vehicles?workflow=collision&status=in_repair&sort=eta&order=asc',
      () => '/api/vehicles?workflow=collision&status=in_repair&sort=eta&order=asc',
    ),
  ),
  listed(
    asManager(
      'claims-deep-page',
      'GET /api/vehicles?cursor=… (the page after claim 10,000, by keyset)',
      async (_url, manager) => {
        let cursor = '';
        for (let i = 0; i < 100; i++) {
          const page = await manager.call<Page & { nextCursor: string }>(
            'GET',
            `/api/vehicles?pageSize=100${cursor ? `&cursor=${cursor}` : ''}`,
          );
          cursor = page.nextCursor;
        }
        return `/api/vehicles?cursor=${cursor}`;
      },
    ),
  ),
  asManager(
    'claim-board',
    'GET /api/claim-board?workflow=collision (10 columns: counts, stale counts, first 25 cards each)',
    () => '/api/claim-board?workflow=collision',
  ),
  bare(
    asManager(
      'claim-page',
      'GET /api/vehicles/{id} (a claim with vehicle, company, facility, people)',
      async (_url, manager) => {
        const page = await manager.call<Page>('GET', '/api/vehicles?pageSize=1&open=true');
        return `/api/vehicles/${page.items[0]!.id}`;
      },
    ),
  ),
  bare({
    name: 'dashboard',
    description:
      'The dashboard as maria.manager opens it: GET /api/dashboard/summary and /api/dashboard/activity in turn',
    needsClaims: true,
    setup: async (url) => {
      const manager = await BenchClient.demo(url, 'maria.manager');
      const headers = { cookie: manager.cookie };
      return {
        requests: [
          { method: 'GET', path: '/api/dashboard/summary', headers },
          { method: 'GET', path: '/api/dashboard/activity', headers },
        ],
      };
    },
  }),
  asManager(
    'dashboard-summary',
    'GET /api/dashboard/summary (figures from claim_counts, and my five latest open claims)',
    () => '/api/dashboard/summary',
  ),
  asManager(
    'dashboard-activity',
    'GET /api/dashboard/activity (the latest ten status changes)',
    () => '/api/dashboard/activity',
  ),
  {
    name: 'dashboard-admin',
    description: 'GET /api/dashboard/summary as alex.admin (every company)',
    needsClaims: true,
    setup: async (url) => {
      const admin = await BenchClient.demo(url, 'alex.admin');
      return { url: `${url}/api/dashboard/summary`, headers: { cookie: admin.cookie } };
    },
  },
  {
    name: 'claim-move',
    description: 'POST /api/vehicles/{id}/transitions: each connection puts its own claim on hold and back',
    needsClaims: true,
    setup: async (url) => {
      const manager = await BenchClient.demo(url, 'maria.manager');
      const page = await manager.call<Page>('GET', '/api/vehicles?pageSize=100&status=in_repair');
      const claims = await Promise.all(
        page.items.map((item) =>
          manager.call<{ id: string; status: string; version: number }>('GET', `/api/vehicles/${item.id}`),
        ),
      );
      const state = claims.map((claim) => ({
        id: claim.id,
        status: claim.status,
        version: claim.version,
        busy: false,
      }));
      const request: autocannon.Request = {
        method: 'POST',
        setupRequest: (raw, context) => {
          // Each request takes an idle claim and frees it when its answer arrives, so no claim is moved twice
          // at once (which would only measure version conflicts).
          const claim = state.find((candidate) => !candidate.busy);
          if (!claim) throw new Error('more connections than claims to move');
          claim.busy = true;
          (context as { claim?: (typeof state)[number] }).claim = claim;
          const to = claim.status === 'on_hold' ? 'in_repair' : 'on_hold';
          return {
            ...raw,
            path: `/api/vehicles/${claim.id}/transitions`,
            headers: { cookie: manager.cookie, 'content-type': 'application/json' },
            body: JSON.stringify({ to, version: claim.version }),
          };
        },
        onResponse: (status, body, context) => {
          const claim = (context as { claim: (typeof state)[number] }).claim;
          claim.busy = false;
          if (status === 200) {
            const moved = JSON.parse(body) as { status: string; version: number };
            claim.status = moved.status;
            claim.version = moved.version;
          }
        },
      };
      return { requests: [request] };
    },
  },
];
