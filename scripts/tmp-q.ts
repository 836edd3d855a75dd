import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../src/server/db/client.js';
import { listClaims } from '../src/server/modules/claims/claim-list/claim-list.query.js';
import { findSession } from '../src/server/modules/auth/session.service.js';
import { listClaimsQuerySchema } from '../src/shared/claims.js';
const database = process.env.DATABASE_URL
  ? await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL })
  : await openDatabase({ kind: 'pglite', dataDir: process.env.DATA_DIR });
const [row] = await queryRows<{ ids: string[] }>(database.db, sql`select array_agg(c.company_id) ids from user_companies c join users u on u.id = c.user_id where u.username = 'maria.manager'`);
const query = listClaimsQuerySchema.parse(process.argv[2] ? { search: process.argv[2] } : {});
for (let i = 0; i < 8; i++) {
  const t = performance.now();
  const page = await listClaims(database.db, row!.ids, query);
  const t2 = performance.now();
  await findSession(database.db, 'nope');
  console.log(page.items.length, page.total, page.totalCapped, (t2 - t).toFixed(1), 'ms list', (performance.now() - t2).toFixed(1), 'ms session');
}
if (process.argv[3]) {
  const text = process.argv[3];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const r = await queryRows<{ 'QUERY PLAN': string }>(database.db, sql.raw(`explain analyze ${text}`));
    if (i === 2) console.log(r.map((x) => x['QUERY PLAN']).join('\n'));
    console.log((performance.now() - t).toFixed(1), 'ms');
  }
}
await database.close();
