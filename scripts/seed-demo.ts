/**
 * `npm run seed:demo [-- --claims N]`: believable demo data — companies, locations, repair facilities, users of
 * every role (credentials printed at the end), vehicles with valid VINs, and claims spread over every status of
 * both workflows with their history, notes, estimates and mechanical authorizations, and invoices of the completed
 * claims in every state over every aging bucket, with payments and credit notes (seed-demo-invoices.ts). Stop the
 * server first when it uses the embedded database (one process owns a PGlite directory); with DATABASE_URL it may
 * keep running.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { formatClaimNumber } from '../src/shared/claims.js';
import { isOpenStatus, type ClaimStatus, type Workflow } from '../src/shared/workflows.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { runMigrations } from '../src/server/db/migrate.js';
import {
  auditLog,
  authorizationLines,
  authorizationRequests,
  claimNotes,
  claims,
  claimStatusHistory,
  claimWatchers,
  companies,
  notifications,
  counters,
  creditNotes,
  estimateLines,
  estimates,
  invoiceClaims,
  invoiceLines,
  invoiceReminders,
  invoices,
  outsideLinks,
  paymentApplications,
  payments,
} from '../src/server/db/schema/index.js';
import { claimSearchText } from '../src/server/modules/claims/index.js';
import { databaseTargetFor } from '../src/server/server.js';
import { bulkLoad, insertInBatches } from './seed-demo-bulk.js';
import { addDemoCosts, emptyDemoCosts } from './seed-demo-costs.js';
import { demoInvoices, type DemoInvoiceClaim } from './seed-demo-invoices.js';
import { DEMO_PASSWORD, seedFleet } from './seed-demo-fleet.js';
import { claimLife } from './seed-demo-lifecycle.js';
import { COLLISION, COMPANIES, DRIVERS, etaStep, INSURERS, MECHANICAL, pathTo } from './seed-demo-names.js';
import { demoNotifications, type DemoFollowedClaim } from './seed-demo-notifications.js';
import { randomStream } from './seed-demo-random.js';
import { demoShopLinks } from './seed-demo-shop-links.js';
import { seedDemoDriverReports } from './seed-demo-driver-reports.js';
import { stepOffsets } from './seed-demo-timing.js';

const { values } = parseArgs({ options: { claims: { type: 'string', default: '400' } } });
const CLAIM_COUNT = Math.max(1, Number(values.claims));

const { random, between, pick } = randomStream(20261122);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

async function main() {
  const started = performance.now();
  const config = loadConfig();
  const target = databaseTargetFor(config);
  // A one-off bulk load: no statement timeout (the app's 30 s guards requests). The final VACUUM ANALYZE of a
  // million claims outlasts it, and VACUUM cannot run in a transaction to lift it there.
  const database = await openDatabase(
    target.kind === 'postgres' ? { ...target, statementTimeoutMs: 0 } : target,
  );
  const db = database.db;
  await runMigrations(database);
  const [existing] = await db.select({ value: sql<number>`count(*)::int` }).from(companies);
  if ((existing?.value ?? 0) > 0) {
    console.log(
      'The database already has companies; seed:demo only fills an empty database. Nothing was changed.',
    );
    await database.close();
    return;
  }
  console.log(`Seeding the ${target.kind} database with ${CLAIM_COUNT} claims…`);

  const vehicleCount = Math.max(8, Math.ceil(CLAIM_COUNT / 3));
  const { companyRows, locationRows, facilityRows, userRows, demoUsers, people, managersOf, vehicleRows } =
    await seedFleet(db, { random, between, pick }, vehicleCount);

  /**
   * When someone last touched a claim: most open repairs get a note, an ETA or a call every few days; about one in
   * eight has really stalled since its last move (the Claim Manager's stale highlight is for those).
   */
  const lastTouched = (status: ClaimStatus, statusChangedAt: Date) => {
    if (!isOpenStatus(status) || random() < 0.12) return statusChangedAt;
    const touched = daysAgo(random() * 4);
    return touched > statusChangedAt ? touched : statusChangedAt;
  };
  const claimRows: (typeof claims.$inferInsert)[] = [];
  const historyRows: (typeof claimStatusHistory.$inferInsert)[] = [];
  const noteRows: (typeof claimNotes.$inferInsert)[] = [];
  const watcherRows: (typeof claimWatchers.$inferInsert)[] = [];
  const followed: DemoFollowedClaim[] = [];
  const costs = emptyDemoCosts();
  for (let n = 1; n <= CLAIM_COUNT; n++) {
    const vehicle = vehicleRows[(n - 1) % vehicleRows.length]!;
    const companyIndex = companyRows.findIndex((c) => c.id === vehicle.companyId);
    const workflow: Workflow = random() < 0.55 ? 'collision' : 'mechanical';
    // Claim numbers rise with the date; an open claim's steps are spread over its age, so that nothing happens in
    // the future (a claim reported today moves by the hour), a finished claim's over its repair and closing.
    const { status, ageDays, spanDays } = claimLife({ random, between, pick }, workflow, n, CLAIM_COUNT);
    const path = pathTo(workflow, status);
    const createdAt = daysAgo(ageDays);
    const dayOfStep = stepOffsets(path, spanDays);
    const managers = managersOf(companyIndex);
    const assignee = managers.length ? pick(managers) : userRows[0]!;
    // The office (the admin) reports one claim in five for the manager it assigns.
    const reporter = random() < 0.2 ? userRows[0]! : assignee;
    const facility = pick(facilityRows.filter((f) => f.kind === workflow || f.kind === 'both'));
    const estimate = between(300, 9000) * 100;
    const reachedRepair =
      path.includes('in_repair') || path.includes('approved') || path.includes('authorized');
    const id = crypto.randomUUID();
    const overdue = random() < 0.15;
    const fields = {
      reportedByName: pick(DRIVERS),
      insurerClaimNumber:
        workflow === 'collision' && random() < 0.7 ? `INS-${between(10, 99)}-${between(1000, 9999)}` : null,
    };
    const statusChangedAt = new Date(createdAt.getTime() + dayOfStep(path.length - 1) * 86_400_000);
    claimRows.push({
      id,
      number: n,
      vehicleId: vehicle.id,
      companyId: vehicle.companyId!,
      locationId: vehicle.locationId,
      workflow,
      status,
      statusBeforeHold: status === 'on_hold' ? path.at(-2)! : null,
      statusChangedAt,
      priority: pick(['low', 'normal', 'normal', 'normal', 'high', 'urgent'] as const),
      description: pick(workflow === 'collision' ? COLLISION : MECHANICAL),
      lossDate: isoDate(daysAgo(ageDays + between(0, 3))),
      ...fields,
      reportedByPhone: `(720) 555-${String(between(1000, 9999))}`,
      drivable: random() < 0.6,
      towRequired: random() < 0.2,
      rentalNeeded: random() < 0.3,
      odometerAtIntake: vehicle.odometer,
      repairFacilityId: path.length > 1 ? facility.id : null,
      assigneeId: assignee.id,
      insurer: workflow === 'collision' ? pick(INSURERS) : null,
      deductibleCents: workflow === 'collision' ? pick([50000, 100000, 250000]) : null,
      estimateAmountCents: path.length > 2 ? estimate : null,
      approvedAmountCents: reachedRepair ? Math.round(estimate * (0.85 + random() * 0.15)) : null,
      finalAmountCents: path.includes('completed') ? Math.round(estimate * (0.9 + random() * 0.25)) : null,
      dropOffDate:
        path.length > 2 ? isoDate(new Date(createdAt.getTime() + dayOfStep(1) * 86_400_000)) : null,
      // About one claim in seven is behind its ETA (the dashboard's "Overdue ETAs", or finished late); the rest
      // are due later, or finished on time.
      eta:
        path.length > 2
          ? isoDate(new Date(createdAt.getTime() + dayOfStep(etaStep(path, overdue)) * 86_400_000))
          : null,
      completedAt: path.includes('completed')
        ? new Date(createdAt.getTime() + dayOfStep(path.indexOf('completed')) * 86_400_000)
        : null,
      closedAt: status === 'closed' ? statusChangedAt : null,
      searchText: claimSearchText(n, vehicle as Parameters<typeof claimSearchText>[1], fields),
      createdById: reporter.id,
      updatedById: assignee.id,
      createdAt,
      updatedAt: lastTouched(status, statusChangedAt),
    });
    addDemoCosts(costs, {
      claim: claimRows.at(-1)! as (typeof claimRows)[number] & { id: string; number: number },
      workflow,
      status,
      path,
      reachedAt: (step) => new Date(createdAt.getTime() + dayOfStep(step) * 86_400_000),
      laborRateCents: facility.laborRateCents ?? null,
      requesterId: assignee.id,
      deciderId: userRows[0]!.id,
      autoApprovalLimitCents: companyRows[companyIndex]!.autoApprovalLimitCents,
    });
    const historyFrom = historyRows.length;
    path.forEach((to, step) => {
      historyRows.push({
        claimId: id,
        fromStatus: step === 0 ? null : path[step - 1]!,
        toStatus: to,
        actorId: step === 0 ? reporter.id : assignee.id,
        createdAt: new Date(createdAt.getTime() + dayOfStep(step) * 86_400_000),
      });
    });
    followed.push({
      id,
      number: n,
      companyId: vehicle.companyId!,
      assigneeId: assignee.id,
      reportedById: reporter.id,
      status,
      unitNumber: vehicle.unitNumber,
      vehicle: `${vehicle.year} ${vehicle.make} ${vehicle.model}`,
      createdAt,
      moves: () => historyRows.slice(historyFrom, historyFrom + path.length),
    });
    watcherRows.push({ claimId: id, userId: assignee.id });
    if (n % 3 === 0) {
      noteRows.push({
        claimId: id,
        authorId: assignee.id,
        body: pick([
          'Called the shop, parts expected Thursday.',
          'Driver statement received.',
          'Adjuster inspection scheduled.',
          'Rental arranged through Enterprise.',
          'Waiting on supplement approval.',
        ]),
        mentionedUserIds: [],
        createdAt: new Date(createdAt.getTime() + 3_600_000),
      });
    }
  }
  const told = demoNotifications(followed.reverse(), demoUsers, demoUsers[0]!);
  watcherRows.push(...told.watchers);
  noteRows.push(...told.notes);
  const vehicleOf = new Map(vehicleRows.map((v) => [v.id, v]));
  const receivables = demoInvoices(
    claimRows
      .filter((claim) => claim.status === 'completed' || claim.status === 'closed')
      .map((claim): DemoInvoiceClaim => {
        const vehicle = vehicleOf.get(claim.vehicleId)!;
        return {
          id: claim.id!,
          number: claim.number!,
          companyId: claim.companyId,
          workflow: claim.workflow,
          completedAt: claim.completedAt ?? null,
          finalAmountCents: claim.finalAmountCents ?? null,
          vehicle: `${vehicle.year} ${vehicle.make} ${vehicle.model}, unit ${vehicle.unitNumber}`,
        };
      }),
    companyRows.map((company) => ({
      id: company.id,
      paymentTermsDays: company.paymentTermsDays,
      taxRatePercent: company.taxRatePercent,
      recipient: company.billingEmail ?? company.contactEmail!,
    })),
    userRows[0]!.id,
    config.invoiceReminderDays,
  );
  const shop = demoShopLinks(
    { random, between, pick },
    claimRows,
    new Map(facilityRows.map((f) => [f.id, f.email])),
  );
  noteRows.push(...shop.notes);
  await bulkLoad(db, async (tx) => {
    await insertInBatches(tx, claims, claimRows);
    await insertInBatches(tx, outsideLinks, shop.links);
    await insertInBatches(tx, claimStatusHistory, historyRows);
    await insertInBatches(tx, claimWatchers, watcherRows);
    await insertInBatches(tx, claimNotes, noteRows);
    await insertInBatches(tx, notifications, told.notifications);
    await insertInBatches(tx, estimates, costs.estimates);
    await insertInBatches(tx, estimateLines, costs.estimateLines);
    await insertInBatches(tx, authorizationRequests, costs.authorizations);
    await insertInBatches(tx, authorizationLines, costs.authorizationLines);
    await insertInBatches(tx, invoices, receivables.invoices);
    await insertInBatches(tx, invoiceLines, receivables.invoiceLines);
    await insertInBatches(tx, invoiceClaims, receivables.invoiceClaims);
    await insertInBatches(tx, payments, receivables.payments);
    await insertInBatches(tx, paymentApplications, receivables.paymentApplications);
    await insertInBatches(tx, creditNotes, receivables.creditNotes);
    await insertInBatches(tx, invoiceReminders, receivables.reminders);
    await insertInBatches(tx, auditLog, receivables.audit);
  });
  const reportUrl = await seedDemoDriverReports(config, db, { random, between, pick });
  await db
    .insert(counters)
    .values({ name: 'claim', value: CLAIM_COUNT })
    .onConflictDoUpdate({ target: counters.name, set: { value: CLAIM_COUNT } });
  if (receivables.counters.length) await db.insert(counters).values(receivables.counters);
  // Statistics for the planner, and the visibility map that lets index-only scans (the capped counts, the board's
  // counts) skip the table.
  await database.db.execute(sql`vacuum analyze`);
  await database.close();

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Done in ${seconds} s: ${companyRows.length} companies, ${locationRows.length} locations, ${facilityRows.length} repair facilities, ${vehicleRows.length} vehicles, ${CLAIM_COUNT} claims (${formatClaimNumber(1)}…${formatClaimNumber(CLAIM_COUNT)}), ${historyRows.length} status changes, ${noteRows.length} notes, ${told.notifications.length} notifications, ${costs.estimates.length} estimates, ${costs.authorizations.length} authorization requests, ${receivables.invoices.length} invoices, ${receivables.payments.length} payments, ${receivables.creditNotes.length} credit notes.`,
  );
  console.log(`\nDemo users (password for all: ${DEMO_PASSWORD}):`);
  for (const [username, , , role, companyIndexes] of people) {
    const names =
      role === 'admin' ? 'all companies' : companyIndexes.map((i) => COMPANIES[i]!.name).join(', ');
    console.log(`  ${username.padEnd(15)} ${role.padEnd(8)} ${names}`);
  }
  if (shop.tryToken) console.log(`\nA repair shop's link to try: ${config.appUrl}/shop/${shop.tryToken}`);
  if (reportUrl) console.log(`A vehicle's report link to try (as its driver): ${reportUrl}`);
}

await main();
