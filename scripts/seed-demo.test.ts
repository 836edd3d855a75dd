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
});
