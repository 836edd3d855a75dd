import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CLAIM_STATUSES, type ClaimStatus } from '@shared/workflows.js';
import { queryRows } from '../../db/client.js';
import { claims, claimStatusHistory, estimates, vehicles } from '../../db/schema/index.js';
import {
  buildClaimWithHistory,
  buildCompany,
  buildEstimate,
  moveClaimDirectly,
} from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { claimIsComebackSql } from '../claims/index.js';

/**
 * The figures kept on each claim for the reports (migration 0026: original estimate, supplement, comeback, time
 * per status) must always equal what the claims, estimates and history say; the first estimate is the original
 * estimate version's, or the estimate amount typed on a claim without versions (migration 0034, decision 038). After every kind of change the kept
 * columns are compared with the raw computation written here independently of the triggers: correlated
 * subqueries for the estimates, the All Claims comeback rule, and lead() over the history.
 */

interface Facts {
  id: string;
  first_estimate: number | null;
  has_estimate: boolean;
  has_supplement: boolean;
  comeback: boolean;
  seconds: Record<string, number>;
  waiting_status: string | null;
  waiting_since: string | null;
  /** The kept row's `status_seconds_list` (migration 0048). */
  list?: (number | string | null)[];
}

const kept = sql`select claims.id, claims.first_estimate_cents as first_estimate, claims.has_estimate,
    claims.has_supplement, claims.comeback, claims.status_seconds as seconds, claims.waiting_status,
    claims.waiting_since::text as waiting_since, claims.status_seconds_list as list
  from claims order by claims.id`;

const raw = sql`with spans as (
    select h.claim_id, h.to_status, h.created_at,
      lead(h.created_at) over (partition by h.claim_id order by h.created_at, h.seq) as left_at
    from claim_status_history h
  )
  select claims.id,
    coalesce((select e.total_cents from estimates e where e.claim_id = claims.id and e.supplement_number = 0),
      claims.estimate_amount_cents) as first_estimate,
    exists (select 1 from estimates e where e.claim_id = claims.id) or claims.estimate_amount_cents is not null
      as has_estimate,
    exists (select 1 from estimates e where e.claim_id = claims.id and e.supplement_number > 0) as has_supplement,
    coalesce(${claimIsComebackSql}, false) as comeback,
    coalesce((select jsonb_object_agg(s.to_status, s.seconds) from (
        select to_status, sum(extract(epoch from left_at - created_at)) as seconds from spans
        where spans.claim_id = claims.id and left_at is not null
          and to_status not in ('completed', 'closed', 'cancelled', 'total_loss')
        group by to_status) s), '{}'::jsonb) as seconds,
    (select to_status from spans where spans.claim_id = claims.id and left_at is null
       and to_status not in ('completed', 'closed', 'cancelled', 'total_loss')) as waiting_status,
    (select created_at::text from spans where spans.claim_id = claims.id and left_at is null
       and to_status not in ('completed', 'closed', 'cancelled', 'total_loss')) as waiting_since
  from claims order by claims.id`;

/** Seconds as numbers (either driver may answer a jsonb numeric as text or number). */
const normalize = (rows: Facts[]) =>
  rows.map(({ list: _list, ...row }) => ({
    ...row,
    first_estimate: row.first_estimate === null ? null : Number(row.first_estimate),
    seconds: Object.fromEntries(
      Object.entries(row.seconds)
        .map(([status, value]) => [status, Math.round(Number(value) * 1000) / 1000])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    ),
  }));

describe('report facts kept on claims', async () => {
  const { database } = await createTestApp();
  const db = database.db;
  const company = await buildCompany(db);
  const [van, truck] = await db
    .insert(vehicles)
    .values([
      { companyId: company.id, unitNumber: 'F-1', vin: '1FTFW1ET5DFC10001', make: 'Ford', model: 'Transit' },
      { companyId: company.id, unitNumber: 'F-2', vin: '1FTFW1ET5DFC10002', make: 'Ford', model: 'F-150' },
    ])
    .returning();
  const at = (day: string, time = '12:00') => new Date(`${day}T${time}:00Z`);
  let number = 100;

  async function expectKeptToEqualRaw(step: string) {
    const [keptRows, rawRows] = [await queryRows<Facts>(db, kept), await queryRows<Facts>(db, raw)];
    expect(normalize(keptRows), step).toEqual(normalize(rawRows));
    // The array the time in status reads holds the same seconds, one slot per status in CLAIM_STATUSES order.
    for (const row of keptRows)
      expect(
        row.list?.map((value) => (value === null ? null : Number(value))),
        step,
      ).toEqual(CLAIM_STATUSES.map((status) => (status in row.seconds ? Number(row.seconds[status]) : null)));
  }
  const createClaim = (vehicleId: string, history: [ClaimStatus, Date][]) =>
    buildClaimWithHistory(db, { id: vehicleId, companyId: company.id }, history, {
      number: ++number,
      description: 'Kept facts',
    });
  const move = (claimId: string, from: ClaimStatus, to: ClaimStatus, when: Date) =>
    moveClaimDirectly(db, claimId, [from, to], when);
  const estimate = (claimId: string, supplementNumber: number, totalCents: number) =>
    buildEstimate(db, claimId, supplementNumber, totalCents, 'pending');

  it('equal the raw computation after every kind of change', async () => {
    const first = await createClaim(van!.id, [
      ['reported', at('2026-03-02')],
      ['estimate_pending', at('2026-03-03', '06:00')],
      ['in_repair', at('2026-03-05')],
    ]);
    await expectKeptToEqualRaw('create with history');
    expect(
      (await db.select({ waiting: claims.waitingStatus }).from(claims).where(eq(claims.id, first.id)))[0],
    ).toEqual({ waiting: 'in_repair' });

    await estimate(first.id, 0, 100_000);
    await expectKeptToEqualRaw('original estimate');
    await estimate(first.id, 1, 25_000);
    await expectKeptToEqualRaw('supplement');
    await db.update(estimates).set({ totalCents: 90_000 }).where(eq(estimates.supplementNumber, 0));
    await expectKeptToEqualRaw('estimate total changed');

    await move(first.id, 'in_repair', 'on_hold', at('2026-03-07'));
    await move(first.id, 'on_hold', 'in_repair', at('2026-03-08', '18:00'));
    await expectKeptToEqualRaw('moves, back into a status it was in');
    await move(first.id, 'in_repair', 'completed', at('2026-03-10'));
    await expectKeptToEqualRaw('completion');

    // The van comes back 12 days after its repair: the first claim becomes a comeback.
    const second = await createClaim(van!.id, [['reported', at('2026-03-22')]]);
    await expectKeptToEqualRaw('a claim on the same vehicle within 30 days');
    expect((await db.select().from(claims).where(eq(claims.id, first.id)))[0]!.comeback).toBe(true);

    await db
      .update(claims)
      .set({ createdAt: at('2026-04-20') })
      .where(eq(claims.id, second.id));
    await expectKeptToEqualRaw('the later claim moved past the window');
    await db
      .update(claims)
      .set({ createdAt: at('2026-03-25') })
      .where(eq(claims.id, second.id));
    await db.update(claims).set({ vehicleId: truck!.id }).where(eq(claims.id, second.id));
    await expectKeptToEqualRaw('the later claim moved to another vehicle');
    await db.update(claims).set({ vehicleId: van!.id }).where(eq(claims.id, second.id));
    await db
      .update(claims)
      .set({ completedAt: at('2026-02-01') })
      .where(eq(claims.id, first.id));
    await expectKeptToEqualRaw('completion date changed');

    // A history entry written late, between two others, and one removed.
    await db.insert(claimStatusHistory).values({
      claimId: first.id,
      fromStatus: 'reported',
      toStatus: 'estimate_pending',
      createdAt: at('2026-03-02', '18:00'),
    });
    await expectKeptToEqualRaw('history entry inserted between two');
    await db.delete(claimStatusHistory).where(eq(claimStatusHistory.createdAt, at('2026-03-07')));
    await expectKeptToEqualRaw('history entry deleted');

    // A typed estimate (Add Claim's "Estimate", or an edit) is the first estimate of a claim without versions.
    await db.update(claims).set({ estimateAmountCents: 220_330 }).where(eq(claims.id, second.id));
    await expectKeptToEqualRaw('estimate amount typed');
    expect((await db.select().from(claims).where(eq(claims.id, second.id)))[0]!.firstEstimateCents).toBe(
      220_330,
    );
    await estimate(second.id, 0, 230_000);
    await expectKeptToEqualRaw('an estimate version after the typed amount');
    await db.update(claims).set({ estimateAmountCents: null }).where(eq(claims.id, first.id));
    await expectKeptToEqualRaw('estimate amount cleared on a claim with versions');
    await db.delete(estimates).where(eq(estimates.claimId, second.id));
    await expectKeptToEqualRaw('the versions deleted: the typed amount again');
    expect((await db.select().from(claims).where(eq(claims.id, second.id)))[0]!.firstEstimateCents).toBe(
      220_330,
    );

    await db.delete(estimates).where(eq(estimates.supplementNumber, 1));
    await expectKeptToEqualRaw('supplement deleted');
    await db.delete(claims).where(eq(claims.id, second.id));
    await expectKeptToEqualRaw('the later claim deleted');
    expect((await db.select().from(claims).where(eq(claims.id, first.id)))[0]!.comeback).toBe(false);
  });

  it('are all counted again by rebuild_claim_facts after a bulk load without the triggers', async () => {
    await db.execute(
      sql`update claims set comeback = not comeback, status_seconds = '{}', has_estimate = false`,
    );
    await db.execute(sql`select rebuild_claim_facts()`);
    await expectKeptToEqualRaw('rebuilt');
  });
});
