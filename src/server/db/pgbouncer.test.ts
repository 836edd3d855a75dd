import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedTransitions } from '@shared/workflows.js';
import { buildApp, type App } from '../app.js';
import { openDatabase, queryRows, type DatabaseHandle } from './client.js';
import { createClaimVia, newClaimInput } from '../test/claim-factories.js';
import { buildCompany, buildUser, loginAs } from '../test/factories.js';
import { startPgBouncer, type PgBouncer } from '../test/pgbouncer.js';
import { createTestDatabase, testConfig, testDatabaseKind } from '../test/test-app.js';

const APP_POOL_SIZE = 5;
const CLAIMS = 20;

/**
 * Two app instances (as two processes) reaching one database through Debian's PgBouncer in session pooling, the
 * mode docs/scaling.md recommends (deploy/pgbouncer.ini): logins, concurrent claim creation, the list, moves and
 * a report all answer correctly, named prepared statements included. PostgreSQL runs only.
 */
describe.skipIf(testDatabaseKind() !== 'postgres')('the app through PgBouncer (session pooling)', () => {
  let direct: DatabaseHandle & { url?: string };
  let bouncer: PgBouncer;
  const handles: DatabaseHandle[] = [];
  const apps: App[] = [];
  let company: { id: string };
  let manager: { username: string; password: string };
  beforeAll(async () => {
    direct = await createTestDatabase();
    // Session pooling holds a server connection per app connection: the pool fits every app connection.
    bouncer = await startPgBouncer(direct.url!, { default_pool_size: 2 * APP_POOL_SIZE });
    for (let index = 0; index < 2; index++) {
      const database = await openDatabase({ kind: 'postgres', url: bouncer.url, poolSize: APP_POOL_SIZE });
      handles.push(database);
      apps.push(await buildApp({ config: testConfig(), database }));
    }
    await Promise.all(apps.map((app) => app.ready()));
    company = await buildCompany(direct.db);
    manager = await buildUser(direct.db, { role: 'manager', companyIds: [company.id] });
  }, 600_000); // installs PgBouncer when missing
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const handle of handles) await handle.close();
    await bouncer?.stop();
    await direct?.close();
  });
  const appFor = (index: number) => apps[index % 2]!;

  it('keeps the app’s session settings on its connections through PgBouncer', async () => {
    const [settings] = await queryRows<{ timeout: string; joins: string }>(
      handles[0]!.db,
      sql`select current_setting('statement_timeout') as timeout, current_setting('join_collapse_limit') as joins`,
    );
    expect(settings).toEqual({ timeout: '30s', joins: '1' });
  });

  it('serves logins, concurrent claims, the list, moves and a report on both instances', async () => {
    // One after another: simultaneous logins of one username beyond the throttle's limit are refused before
    // any password is checked (auth/password-throttle.ts), right password or not.
    const cookies: string[] = [];
    for (let index = 0; index < 6; index++) cookies.push(await loginAs(appFor(index), manager));
    const cookieFor = (index: number) => cookies[index % cookies.length]!;

    const created: { id: string; number: number | string; version: number }[] = await Promise.all(
      Array.from({ length: CLAIMS }, (_, index) =>
        createClaimVia(appFor(index), cookieFor(index), newClaimInput(company.id)),
      ),
    );
    const numbers = created
      .map((claim) => Number(String(claim.number).replace(/\D/g, '')))
      .sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(CLAIMS);
    expect(numbers.at(-1)! - numbers[0]!).toBe(CLAIMS - 1);

    const lists = await Promise.all(
      [0, 1].map((index) =>
        appFor(index).inject({
          method: 'GET',
          url: `/api/vehicles?pageSize=50&companyId=${company.id}`,
          headers: { cookie: cookieFor(index) },
        }),
      ),
    );
    for (const list of lists) {
      expect(list.statusCode, list.body).toBe(200);
      const page = list.json() as { items: { id: string }[]; total: number };
      expect(page.total).toBe(CLAIMS);
      expect(page.items.map((item) => item.id).sort()).toEqual(created.map((claim) => claim.id).sort());
    }

    const to = allowedTransitions('collision', 'reported')[0]!;
    const moves = await Promise.all(
      created.map((claim, index) =>
        appFor(index).inject({
          method: 'POST',
          url: `/api/vehicles/${claim.id}/transitions`,
          headers: { cookie: cookieFor(index) },
          payload: { to, version: claim.version },
        }),
      ),
    );
    for (const move of moves) {
      expect(move.statusCode, move.body).toBe(200);
      expect(move.json().status).toBe(to);
    }

    const reports = await Promise.all(
      [0, 1].map((index) =>
        appFor(index).inject({
          method: 'GET',
          url: `/api/reports?range=last_30_days&companyId=${company.id}`,
          headers: { cookie: cookieFor(index) },
        }),
      ),
    );
    for (const report of reports) {
      expect(report.statusCode, report.body).toBe(200);
      expect(report.json().meta.headline.claims.count).toBe(CLAIMS);
    }

    // It all went through PgBouncer, on no more server connections than its pool.
    const [stats] = (await bouncer.admin('SHOW STATS')).filter(
      (row) => row.database === direct.url!.split('/').pop(),
    );
    expect(Number(stats!.total_query_count)).toBeGreaterThan(CLAIMS);
    const pools = (await bouncer.admin('SHOW POOLS')).filter((row) => row.database === stats!.database);
    const serverConnections = pools.reduce(
      (sum, row) => sum + Number(row.sv_active) + Number(row.sv_idle),
      0,
    );
    expect(serverConnections).toBeLessThanOrEqual(2 * APP_POOL_SIZE);
  });
});
