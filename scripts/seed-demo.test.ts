import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_INVOICE_REMINDER_DAYS,
  INVOICE_STATUSES,
  listInvoicesQuerySchema,
} from '../src/shared/accounting.js';
import { AGING_BUCKETS } from '../src/shared/aging.js';
import { vinCheckDigit, vinModelYear } from '../src/shared/vin.js';
import { isOpenStatus, type ClaimStatus } from '../src/shared/workflows.js';
import { systemActor } from '../src/server/actor.js';
import { openDatabase, queryRows, type DatabaseHandle } from '../src/server/db/client.js';
import {
  todayUtc,
  agingReport,
  sendInvoiceReminders,
  listInvoices,
  listReadyToInvoice,
} from '../src/server/modules/accounting/index.js';
import {
  createDatabase,
  dropDatabase,
  testDatabaseUrl,
  uniqueDatabaseName,
  withDatabaseName,
} from '../src/server/test/database.js';
import { testDatabaseKind } from '../src/server/test/test-app.js';
import { DEMO_WMI, type DemoMake } from './seed-demo-vin.js';

/** `npm run seed:demo` as a user runs it, on a fresh database of this run's kind. */
async function seededDatabase(): Promise<DatabaseHandle & { cleanUp: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetclaims-seed-'));
  let databaseName: string | undefined;
  let databaseUrl = '';
  if (testDatabaseKind() === 'postgres') {
    databaseName = uniqueDatabaseName('fc_seed');
    await createDatabase(databaseName);
    databaseUrl = withDatabaseName(testDatabaseUrl(), databaseName);
  }
  const root = path.resolve(import.meta.dirname, '..');
  await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'scripts/seed-demo.ts'), '--claims', '400'],
    { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' } },
  );
  const handle = await openDatabase(
    databaseUrl
      ? { kind: 'postgres', url: databaseUrl }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
  );
  return {
    ...handle,
    cleanUp: async () => {
      await handle.close();
      if (databaseName) await dropDatabase(databaseName);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('seed:demo', { timeout: 180_000 }, async () => {
  const database = await seededDatabase();
  const db = database.db;
  afterAll(() => database.cleanUp());
  const today = todayUtc();

  it('invoices completed claims in every status and leaves some ready to invoice', async () => {
    for (const status of INVOICE_STATUSES) {
      const list = await listInvoices(db, listInvoicesQuerySchema.parse({ status }), today);
      expect(list.total, status).toBeGreaterThan(0);
    }
    expect((await listReadyToInvoice(db)).items.length).toBeGreaterThan(0);
  });

  it('spreads the open balances over every aging bucket, with some unapplied credit', async () => {
    const aging = await agingReport(db, today);
    for (const bucket of AGING_BUCKETS) expect(aging.totals.buckets[bucket], bucket).toBeGreaterThan(0);
    expect(aging.totals.creditCents).toBeGreaterThan(0);
  });

  it('gave the overdue invoices the reminders they reached, so the reminder job has nothing to catch up', async () => {
    const [sent] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from invoice_reminders`,
    );
    expect(sent!.count).toBeGreaterThan(0);
    const run = await sendInvoiceReminders(db, systemActor('test'), {
      now: new Date(),
      stages: DEFAULT_INVOICE_REMINDER_DAYS,
    });
    expect(run).toEqual({ queued: 0, withoutAddress: 0 });
  });

  it('numbers invoices and credit notes without gaps, the counters at the last number, the lines adding up', async () => {
    const sequences = await queryRows<{ name: string; count: number; last: number; value: number }>(
      db,
      sql`
      select c.name, d.count, d.last, c.value::int as value
      from counters c
      inner join (
        select lower(split_part(number, '-', 1)) || '-' || split_part(number, '-', 2) as name,
               count(*)::int as count, max(split_part(number, '-', 3)::int) as last
        from (select number from invoices where number is not null union all select number from credit_notes) n
        group by 1
      ) d on d.name = c.name`,
    );
    expect(sequences.some((row) => row.name.startsWith('cn-'))).toBe(true);
    for (const row of sequences)
      expect([row.name, row.count, row.last]).toEqual([row.name, row.value, row.value]);
    const [mismatched] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from invoices i
          where i.subtotal_cents <> (select sum(l.amount_cents) from invoice_lines l where l.invoice_id = i.id)
             or i.total_cents <> i.subtotal_cents + i.tax_cents`,
    );
    expect(mismatched!.count).toBe(0);
    const [reversed] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from payments where reversed_on is not null`,
    );
    expect(reversed!.count).toBeGreaterThan(0);
  });

  it('gives each vehicle the VIN of its make and model year, with a valid check digit', async () => {
    const vehicles = await queryRows<{ vin: string; make: DemoMake; year: number }>(
      db,
      sql`select vin, make, year from vehicles order by vin`,
    );
    expect(vehicles.length).toBeGreaterThan(100);
    const wrong = (mismatch: (v: (typeof vehicles)[number]) => boolean) =>
      vehicles.filter(mismatch).map(({ vin, make, year }) => `${vin} ${year} ${make}`);
    expect(wrong((v) => v.vin.slice(0, 3) !== DEMO_WMI[v.make])).toEqual([]);
    expect(wrong((v) => vinModelYear(v.vin) !== v.year)).toEqual([]);
    expect(wrong((v) => vinCheckDigit(v.vin) !== v.vin[8])).toEqual([]);
  });

  it('gives every demo user notifications', async () => {
    const users = await queryRows<{ username: string; count: number }>(
      db,
      sql`select u.username, count(n.id)::int as count
          from users u left join notifications n on n.user_id = u.id
          group by u.username order by u.username`,
    );
    expect(users.length).toBe(5);
    expect(users.filter((user) => user.count === 0).map((user) => user.username)).toEqual([]);
  });

  it('leaves a fleet’s share of claims open, some of them for months', async () => {
    const rows = await queryRows<{ status: ClaimStatus; age: number }>(
      db,
      sql`select status, extract(epoch from now() - created_at)::float / 86400 as age from claims`,
    );
    const open = rows.filter((row) => isOpenStatus(row.status));
    expect(open.length / rows.length).toBeGreaterThanOrEqual(0.05);
    expect(open.length / rows.length).toBeLessThanOrEqual(0.25);
    expect(open.filter((row) => row.age > 60).length / open.length).toBeGreaterThanOrEqual(0.1);
  });

  it('spreads the claims over two years without a jump from one month to the next', async () => {
    const months = await queryRows<{ month: string; count: number }>(
      db,
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as count
          from claims group by 1 order by 1`,
    );
    // The first and the last month are partly in the range.
    const whole = months.slice(1, -1);
    expect(whole.length).toBeGreaterThanOrEqual(22);
    const jumps = whole
      .slice(1)
      .map((month, i) => ({ from: whole[i]!, to: month }))
      .filter(({ from, to }) => Math.max(from.count / to.count, to.count / from.count) > 3);
    expect(jumps).toEqual([]);
  });
});
