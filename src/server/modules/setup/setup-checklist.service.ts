import { sql } from 'drizzle-orm';
import { SETUP_STEPS, type SetupChecklist } from '@shared/setup-checklist.js';
import { perDatabase, type Database } from '../../db/client.js';
import { claims, companies, locations, repairFacilities, users } from '../../db/schema/index.js';

const exists = (table: typeof companies | typeof locations | typeof repairFacilities | typeof claims) =>
  sql<boolean>`exists (select 1 from ${table})`;

const filled = (column: typeof users.firstName | typeof users.lastName | typeof users.email) =>
  sql`coalesce(trim(${column}), '') <> ''`;

/**
 * One row of probes: the caller's own row by its key, and five `exists`, each an index-only look at the first
 * row of its table, whatever the size of the installation: cheap enough to ask on every visit of an
 * administrator's dashboard.
 */
const statement = perDatabase((db) =>
  db
    .select({
      profile: sql<boolean>`exists (select 1 from ${users} where ${users.id} = ${sql.placeholder('userId')} and ${filled(users.firstName)} and ${filled(users.lastName)} and ${filled(users.email)})`,
      company: exists(companies),
      location: exists(locations),
      facility: exists(repairFacilities),
      user: sql<boolean>`exists (select 1 from ${users} where ${users.id} <> ${sql.placeholder('userId')})`,
      claim: exists(claims),
    })
    .from(sql`(select 1) as probe`)
    .prepare('setup_checklist'),
);

/**
 * Which first steps are done, from the data itself (not from a flag someone could forget to set): "your name
 * and email" once `userId` has both names and an email; a record step once a record of its kind exists,
 * whoever added it; "invite a user" once anyone but `userId` exists.
 */
export async function readSetupChecklist(db: Database, userId: string): Promise<SetupChecklist> {
  const [row] = await statement(db).execute({ userId });
  return { steps: SETUP_STEPS.map((step) => ({ step, done: row![step] })) };
}
