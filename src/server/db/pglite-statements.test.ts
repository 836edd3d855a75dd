import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configurePgliteSession, startPglite } from './client.js';
import { queryByName } from './pglite-statements.js';
import { testDatabaseKind } from '../test/test-app.js';

/**
 * A statement PGlite is sent a second time runs by name (pglite-statements.ts): the same answers as PGlite's own
 * `query`, the same errors, and again after the session dropped its statements. The embedded database only.
 */
describe.skipIf(testDatabaseKind() !== 'pglite')('PGlite statements run by name', () => {
  let client: PGlite;
  const named = async () =>
    (
      await client.query<{ name: string; statement: string }>(
        'select name, statement from pg_prepared_statements',
      )
    ).rows;

  beforeAll(async () => {
    client = await startPglite({ kind: 'pglite', dataDir: undefined });
    await client.exec(
      `create table probe (id uuid primary key, at timestamptz, facts jsonb, cents int, note text)`,
    );
  });
  afterAll(() => client.close());

  it('answers a statement sent again as PGlite does, by name from its second time', async () => {
    const insert = 'insert into probe (id, at, facts, cents, note) values ($1, $2, $3, $4, $5) returning *';
    const rows = [
      [
        '6f1c1c1e-0000-4000-8000-000000000001',
        new Date('2026-11-29T10:00:00.123Z'),
        { a: [1, 'b'] },
        12_345,
        null,
      ],
      [
        '6f1c1c1e-0000-4000-8000-000000000002',
        new Date('2026-11-29T11:00:00.000Z'),
        { nested: { c: true } },
        -1,
        'x',
      ],
      ['6f1c1c1e-0000-4000-8000-000000000003', new Date('2026-01-01T00:00:00.000Z'), [], 0, 'ü ✓'],
    ];
    const inserted = [];
    for (const row of rows) inserted.push((await queryByName(client, insert, row)).rows[0]);
    expect(inserted).toEqual(rows.map(([id, at, facts, cents, note]) => ({ id, at, facts, cents, note })));
    expect(await named()).toEqual([{ name: 'fc_1', statement: insert }]);

    const select = 'select id, cents from probe where cents >= $1 order by cents';
    for (const mode of ['object', 'array'] as const) {
      const options = mode === 'array' ? { rowMode: 'array' as const } : undefined;
      const own = await client.query(select, [0], options);
      for (let time = 0; time < 2; time++) {
        const answer = await queryByName(client, select, [0], options);
        expect(answer.rows).toEqual(own.rows);
        expect(answer.fields).toEqual(own.fields);
      }
    }
    expect((await named()).map((statement) => statement.name)).toEqual(['fc_1', 'fc_2']);
  });

  it('keeps a statement with a pattern match unnamed, planned for its patterns on every call', async () => {
    const before = await named();
    const search = 'select id from probe where note like $1 or note ILIKE $2 order by id';
    for (let time = 0; time < 7; time++) {
      expect((await queryByName(client, search, ['%x%', '%Ü%'])).rows).toEqual([
        { id: '6f1c1c1e-0000-4000-8000-000000000002' },
        { id: '6f1c1c1e-0000-4000-8000-000000000003' },
      ]);
    }
    expect(await named()).toEqual(before);
  });

  it('parses a column with the statement’s own parser over the client’s, by name as PGlite does', async () => {
    const select = 'select at, cents from probe where cents = $1';
    // Drizzle's own: a timestamp kept as PostgreSQL's text; the client's parser still reads the int.
    const asText = { rowMode: 'array' as const, parsers: { 1184: (value: string) => `text:${value}` } };
    const own = await client.query(select, [12_345], asText);
    expect(own.rows).toEqual([['text:2026-11-29 10:00:00.123+00', 12_345]]);
    for (let time = 0; time < 3; time++)
      expect((await queryByName(client, select, [12_345], asText)).rows).toEqual(own.rows);
    // Another statement's parsers are its own, not the first one's.
    const plain = await queryByName(client, select, [12_345], { rowMode: 'array' });
    expect(plain.rows).toEqual([[new Date('2026-11-29T10:00:00.123Z'), 12_345]]);
  });

  it('reports a named statement’s error with its code, and the session goes on', async () => {
    const insert = 'insert into probe (id, cents) values ($1, $2)';
    await queryByName(client, insert, ['6f1c1c1e-0000-4000-8000-000000000010', 1]);
    await queryByName(client, insert, ['6f1c1c1e-0000-4000-8000-000000000011', 1]);
    await expect(
      queryByName(client, insert, ['6f1c1c1e-0000-4000-8000-000000000011', 2]),
    ).rejects.toMatchObject({
      code: '23505',
    });
    expect(
      (await queryByName(client, 'select count(*)::int as n from probe where cents = $1', [1])).rows,
    ).toEqual([{ n: 2 }]);
  });

  it('prepares again after the session dropped its statements, and follows a table that changed', async () => {
    const select = 'select * from probe where id = $1';
    const id = '6f1c1c1e-0000-4000-8000-000000000001';
    await queryByName(client, select, [id]);
    await queryByName(client, select, [id]);
    await client.exec('discard all');
    await configurePgliteSession(client);
    expect(await named()).toEqual([]);
    expect((await queryByName(client, select, [id])).rows).toHaveLength(1);
    expect((await queryByName(client, select, [id])).rows).toHaveLength(1);
    await client.exec('alter table probe add column extra text');
    const [row] = (await queryByName<Record<string, unknown>>(client, select, [id])).rows;
    expect(row).toMatchObject({ id, cents: 12_345, extra: null });
    // The stale name was closed; the statement and a new one get names never given before.
    const count = 'select count(*)::int as n from probe where cents > $1';
    for (const text of [select, select, count, count])
      await queryByName(client, text, [text === count ? 0 : id]);
    expect((await named()).map((statement) => statement.name).sort()).toEqual(['fc_2', 'fc_3']);
  });
});
