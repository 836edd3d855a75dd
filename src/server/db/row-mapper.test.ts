import { asc, DrizzleQueryError, eq, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { companies, locations } from './schema/index.js';
import { hotStatement } from './row-mapper.js';
import { selectClaimListRows } from '../modules/claims/index.js';
import { createClaimVia, newClaimInput } from '../test/claim-factories.js';
import { buildCompany, buildUser, loginAs } from '../test/factories.js';
import { createTestApp } from '../test/test-app.js';

describe('hotStatement', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const acme = await buildCompany(db, { name: 'Acme Rentals' });
  const empty = await buildCompany(db, { name: 'Zenith Logistics' });
  await db.insert(locations).values({ companyId: acme.id, name: 'North depot', code: 'NORTH' });
  const manager = await loginAs(app, await buildUser(db, { role: 'manager', companyIds: [acme.id] }));
  for (let i = 0; i < 3; i++) await createClaimVia(app, manager, newClaimInput(acme.id));

  it('maps the claims list rows exactly as Drizzle does (nested objects, dates, numbers, the count)', async () => {
    const query = () =>
      selectClaimListRows(db, {
        where: undefined,
        limit: sql.placeholder('limit'),
        count: { where: undefined },
      });
    const byDrizzle = await query().prepare('').execute({ limit: 10 });
    const mapped = await hotStatement(query().prepare('')).execute({ limit: 10 });
    expect(byDrizzle).toHaveLength(3);
    expect(byDrizzle[0]!.claim.createdAt).toBeInstanceOf(Date);
    expect(mapped).toEqual(byDrizzle);
  });

  /** The two companies with their locations (left-joined) as `selection` picks, mapped by Drizzle and by ours. */
  async function bothWays(selection: SelectedFields) {
    const query = () =>
      db
        .select(selection)
        .from(companies)
        .leftJoin(locations, eq(locations.companyId, companies.id))
        .where(sql`${companies.id} in (${acme.id}, ${empty.id})`)
        .orderBy(asc(companies.name));
    type Row = Record<string, unknown>;
    const byDrizzle = (await query().prepare('').execute()) as Row[];
    const mapped = (await hotStatement(query().prepare('')).execute()) as Row[];
    return { byDrizzle, mapped };
  }

  it('answers null for a left-joined table whose columns are all null, as Drizzle does', async () => {
    const { byDrizzle, mapped } = await bothWays({
      name: companies.name,
      location: { id: locations.id, name: locations.name },
    });
    expect(byDrizzle).toEqual([
      { name: 'Acme Rentals', location: { id: expect.any(String), name: 'North depot' } },
      { name: 'Zenith Logistics', location: null },
    ]);
    expect(mapped).toEqual(byDrizzle);
  });

  it('keeps an object of two tables whose first column is null, and decodes what `mapWith` decodes, as Drizzle does', async () => {
    const { byDrizzle, mapped } = await bothWays({
      place: { location: locations.name, company: companies.name },
      locations: sql`count(${locations.id}) over ()`.mapWith(Number),
    });
    expect(byDrizzle.map(({ place, locations }) => ({ place, locations }))).toEqual([
      { place: { location: 'North depot', company: 'Acme Rentals' }, locations: 1 },
      { place: { location: null, company: 'Zenith Logistics' }, locations: 1 },
    ]);
    expect(mapped).toEqual(byDrizzle);
  });

  it('refuses a missing placeholder and throws a failed query as Drizzle does, with the driver error as its cause', async () => {
    const query = () =>
      db
        .select({ name: companies.name, ratio: sql<number>`1 / ${sql.placeholder('divisor')}::int` })
        .from(companies)
        .where(eq(companies.id, acme.id))
        .prepare('');
    const [hot, drizzle] = [hotStatement(query()), query()];
    // On node-postgres the hot statement runs by its own execute; PGlite keeps Drizzle's (a Drizzle upgrade that
    // changed the prepared query's internals would turn this off silently without this line).
    expect(Object.hasOwn(hot, 'execute')).toBe(database.kind === 'postgres');
    for (const statement of [hot, drizzle]) {
      await expect(statement.execute({})).rejects.toThrow('No value for placeholder "divisor" was provided');
      expect(await statement.execute({ divisor: 1 })).toEqual([{ name: 'Acme Rentals', ratio: 1 }]);
      const failure = await statement.execute({ divisor: 0 }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(DrizzleQueryError);
      expect((failure as DrizzleQueryError).cause).toMatchObject({ code: '22012' });
    }
  });
});
