import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userActor } from '../../actor.js';
import {
  auditLog,
  cccImports,
  claims,
  claimStatusHistory,
  claimWatchers,
  estimates,
  notifications,
  repairFacilities,
  vehicles,
} from '../../db/schema/index.js';
import { createClaimVia, newClaimInput } from '../../test/claim-factories.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { loadClaimRow, STALE_VERSION_MESSAGE } from '../claims/index.js';
import { listClaimEstimates } from '../estimates/index.js';
import { parseBmsEstimate } from './bms-parser.js';
import { loadCccImportContent, receiveCccFile, reprocessCccImport } from './ccc-import.service.js';
import { applyTotalLossTo } from './ccc-total-loss.js';

const fixtures = path.join(import.meta.dirname, '../../test/fixtures/ccc');
const fixture = (name: string) => readFileSync(path.join(fixtures, name));
const options = { maxBytes: 10 * 1024 * 1024 };

const TRANSIT_VIN = '1FTBR2C88MKA41207';
const SILVERADO_VIN = '1GCUYDED3KZ218834';

describe('CCC estimate import', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const admin = await buildUser(db, { role: 'admin' });
  const adminCookie = await loginAs(app, admin);
  let scenario = 0;

  /**
   * The fixtures' seed data (README "Seed data the tests need") in a company of its own, with a manager of it
   * who imports. Earlier scenarios' claims are retired so that the fixed VINs and claim numbers match once.
   */
  async function seed(statuses: { transit?: string; silverado?: string } = {}) {
    await db.delete(cccImports);
    await db.update(estimates).set({ externalId: null });
    await db.update(claims).set({ insurerClaimNumber: null, status: 'closed' });
    const retired = await db.select({ id: vehicles.id }).from(vehicles);
    for (const [index, vehicle] of retired.entries()) {
      await db
        .update(vehicles)
        .set({ vin: `RETIRED${scenario}X${String(index).padStart(9, '0')}` })
        .where(eq(vehicles.id, vehicle.id));
    }
    scenario += 1;
    const company = await buildCompany(db, { name: `Northwind Fleet Services LLC ${scenario}` });
    const user = await buildUser(db, { role: 'manager', companyIds: [company.id] });
    const watcher = await buildUser(db, { role: 'manager', companyIds: [company.id] });
    const actor = userActor({ user, companyIds: [company.id] });
    const transit = await createClaimVia(
      app,
      adminCookie,
      newClaimInput(company.id, {
        insurerClaimNumber: 'FC-2026-0412',
        assigneeId: watcher.id,
        vehicle: {
          companyId: company.id,
          unitNumber: `T-4127-${scenario}`,
          vin: TRANSIT_VIN,
          year: 2021,
          make: 'Ford',
          model: 'Transit 250',
          plate: 'FLT4127',
        },
      }),
    );
    const silverado = await createClaimVia(
      app,
      adminCookie,
      newClaimInput(company.id, {
        insurerClaimNumber: 'FC-2026-0388',
        assigneeId: watcher.id,
        vehicle: {
          companyId: company.id,
          unitNumber: `S-3319-${scenario}`,
          vin: SILVERADO_VIN,
          year: 2019,
          make: 'Chevrolet',
          model: 'Silverado 1500',
          plate: 'FLT3319',
        },
      }),
    );
    if (statuses.transit)
      await db
        .update(claims)
        .set({ status: statuses.transit as 'reported' })
        .where(eq(claims.id, transit.id));
    if (statuses.silverado)
      await db
        .update(claims)
        .set({ status: statuses.silverado as 'reported' })
        .where(eq(claims.id, silverado.id));
    return { company, user, watcher, actor, transit, silverado };
  }

  const receive = (actor: Parameters<typeof receiveCccFile>[1], name: string, content = fixture(name)) =>
    receiveCccFile(db, actor, { fileName: name, content, source: 'upload' }, options);
  const claimRow = async (id: string) => (await db.select().from(claims).where(eq(claims.id, id)))[0]!;
  const estimatesOf = (claimId: string) => listClaimEstimates(db, claimId);

  it('imports the original: matched by claim number, source ccc, 13 lines, the claim’s estimate 3,245.57', async () => {
    const { actor, transit } = await seed();
    const row = await receive(actor, 'estimate-original.xml');
    expect(row).toMatchObject({
      result: 'imported',
      matchedBy: 'claim_number',
      claimId: transit.id,
      documentId: '3b8e6f2a-41d7-4c59-9a0e-7c2d5f18b6a3',
      versionCode: 'EM',
      versionNumber: 0,
      grossCents: 324_557,
      source: 'upload',
      reason: 'Estimate from a facility we do not know: Prairie Collision Center',
    });
    expect(Buffer.compare(await loadCccImportContent(db, row.id), fixture('estimate-original.xml'))).toBe(0);
    const [estimate] = await estimatesOf(transit.id);
    expect(estimate).toMatchObject({
      source: 'ccc',
      number: '24117',
      supplementNumber: 0,
      status: 'pending',
      partsCents: 151_465,
      laborCents: 121_780,
      paintCents: 25_200,
      otherCents: 13_745,
      taxCents: 12_367,
      totalCents: 324_557,
      deductibleCents: 50_000,
      netCents: 274_557,
      external: { documentId: '3b8e6f2a-41d7-4c59-9a0e-7c2d5f18b6a3', version: 0, preliminary: false },
      changes: null,
    });
    expect(estimate!.lines).toHaveLength(13);
    expect(estimate!.lines.reduce((sum, line) => sum + line.totalCents, 0)).toBe(
      151_465 + 121_780 + 25_200 + 13_745,
    );
    expect((await claimRow(transit.id)).estimateAmountCents).toBe(324_557);
  });

  it('imports supplement 1 as the next version (lines 14–16 new), 3,675.36; importing it again changes nothing', async () => {
    const { actor, transit } = await seed();
    await receive(actor, 'estimate-original.xml');
    const supplement = await receive(actor, 'estimate-supplement-1.xml');
    expect(supplement).toMatchObject({
      result: 'supplement',
      matchedBy: 'document',
      claimId: transit.id,
      versionNumber: 1,
    });
    const [original, first] = await estimatesOf(transit.id);
    expect(original!.external?.version).toBe(0);
    expect(first).toMatchObject({
      supplementNumber: 1,
      number: '24117',
      partsCents: 158_885,
      laborCents: 132_320,
      paintCents: 25_200,
      otherCents: 38_245,
      taxCents: 12_886,
      totalCents: 367_536,
      netCents: 317_536,
      changes: { comparedWith: 0, added: 3, changed: 0, removed: [] },
    });
    expect(first!.lines).toHaveLength(16);
    expect(first!.lines.filter((line) => line.change === 'added').map((line) => line.description)).toEqual([
      'Splash shield, front LT (fender liner)',
      'Radiator support, upper tie bar',
      'Forward camera calibration (sublet)',
    ]);
    const claimAfter = await claimRow(transit.id);
    expect(claimAfter.estimateAmountCents).toBe(367_536);

    const again = await receive(actor, 'estimate-supplement-1.xml');
    expect(again).toMatchObject({
      result: 'duplicate',
      claimId: transit.id,
      estimateId: supplement.estimateId,
    });
    expect(again.reason).toMatch(/same RqUID/);
    expect(await estimatesOf(transit.id)).toHaveLength(2);
    const unchanged = await claimRow(transit.id);
    expect(unchanged.version).toBe(claimAfter.version);
    expect(unchanged.estimateAmountCents).toBe(367_536);
  });

  it('accepts a supplement before its original, and keeps the late original as history', async () => {
    const { actor, transit } = await seed();
    expect(await receive(actor, 'estimate-supplement-1.xml')).toMatchObject({
      result: 'supplement',
      matchedBy: 'claim_number',
    });
    expect((await claimRow(transit.id)).estimateAmountCents).toBe(367_536);
    const late = await receive(actor, 'estimate-original.xml');
    expect(late).toMatchObject({ result: 'imported', matchedBy: 'document' });
    expect(late.reason).toMatch(/^Kept as history: Supplement 1 is already imported/);
    const list = await estimatesOf(transit.id);
    expect(list.map((e) => [e.supplementNumber, e.external?.version, e.totalCents])).toEqual([
      [0, 0, 324_557],
      [1, 1, 367_536],
    ]);
    expect((await claimRow(transit.id)).estimateAmountCents).toBe(367_536);
  });

  it('numbers CCC versions after the claim’s typed estimates, in one sequence with them', async () => {
    const { actor, transit } = await seed();
    const typed = await app.inject({
      method: 'POST',
      url: `/api/vehicles/${transit.id}/estimates`,
      headers: { cookie: adminCookie },
      payload: {
        number: 'SHOP-77',
        lines: [{ operation: 'part', description: 'Bumper cover', quantity: 1, unitPriceCents: 41_250 }],
      },
    });
    expect(typed.statusCode, typed.body).toBe(201);
    await receive(actor, 'estimate-original.xml');
    await receive(actor, 'estimate-supplement-1.xml');
    const list = await estimatesOf(transit.id);
    expect(
      list.map((e) => [e.supplementNumber, e.source, e.number, e.external?.version ?? null, e.totalCents]),
    ).toEqual([
      [0, 'manual', 'SHOP-77', null, 41_250],
      [1, 'ccc', '24117', 0, 324_557],
      [2, 'ccc', '24117', 1, 367_536],
    ]);
    expect(list[2]!.changes).toEqual({ comparedWith: 0, added: 3, changed: 0, removed: [] });
    expect((await claimRow(transit.id)).estimateAmountCents).toBe(367_536);
  });

  it('stores an in-progress file as preliminary; it never replaces a committed version', async () => {
    const { actor, transit } = await seed();
    const inProgress = fixture('estimate-original.xml')
      .toString('utf8')
      .replace('<DocumentStatus>C</DocumentStatus>', '<DocumentStatus>I</DocumentStatus>')
      .replace('a4f0c9e2-1b6d-4f3e-8a57-2e9b0d6c4f18', 'a4f0c9e2-0000-4f3e-8a57-2e9b0d6c4f18');
    const preliminary = await receive(actor, 'in-progress.xml', Buffer.from(inProgress));
    expect(preliminary.result).toBe('imported');
    expect(preliminary.reason).toMatch(/stored as preliminary/);
    expect((await estimatesOf(transit.id))[0]!.external).toMatchObject({ preliminary: true });
    expect((await claimRow(transit.id)).estimateAmountCents).toBeNull();
    // The committed copy of the same version replaces the preliminary one.
    const committed = await receive(actor, 'estimate-original.xml');
    expect(committed).toMatchObject({ result: 'imported', estimateId: preliminary.estimateId });
    const [estimate] = await estimatesOf(transit.id);
    expect(estimate!.external).toMatchObject({ preliminary: false });
    expect((await claimRow(transit.id)).estimateAmountCents).toBe(324_557);
    // Replaced in place by the estimate writer: audited before and after, the claim's amount set once.
    const replaced = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, estimate!.id), eq(auditLog.action, 'estimate.updated')));
    const external = { id: '3b8e6f2a-41d7-4c59-9a0e-7c2d5f18b6a3', version: 0 };
    expect(replaced).toHaveLength(1);
    expect(replaced[0]).toMatchObject({
      before: { source: 'ccc', number: '24117', external: { ...external, preliminary: true }, lineCount: 13 },
      after: {
        source: 'ccc',
        number: '24117',
        supplement: 'Original',
        status: 'pending',
        external: { ...external, preliminary: false },
        totalCents: 324_557,
        lineCount: 13,
      },
    });
    const amountChanges = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, transit.id), eq(auditLog.action, 'claim.updated')));
    // (The other claim.updated entry is the claim's fields filled from the file.)
    const amountOnly = amountChanges.filter((entry) => 'estimateAmountCents' in (entry.after as object));
    expect(amountOnly.map((entry) => [entry.before, entry.after])).toEqual([
      [{ estimateAmountCents: null }, { estimateAmountCents: 324_557, estimateId: estimate!.id }],
    ]);
    // A later in-progress copy of a committed version changes nothing.
    const stale = inProgress.replace('a4f0c9e2-0000', 'a4f0c9e2-1111');
    expect((await receive(actor, 'late-in-progress.xml', Buffer.from(stale))).result).toBe('duplicate');
    expect(await estimatesOf(transit.id)).toHaveLength(1);
  });

  it('moves a collision claim in estimate review to Total loss, and notifies its assignee', async () => {
    const { actor, silverado, watcher } = await seed({ silverado: 'estimate_review' });
    const row = await receive(actor, 'estimate-total-loss.xml');
    expect(row).toMatchObject({ result: 'imported', claimId: silverado.id, grossCents: 1_217_910 });
    expect(row.reason).toContain('Moved the claim to Total loss');
    const claim = await claimRow(silverado.id);
    expect(claim.status).toBe('total_loss');
    expect(claim.estimateAmountCents).toBe(1_217_910);
    const [estimate] = await estimatesOf(silverado.id);
    expect(estimate).toMatchObject({
      partsCents: 845_105,
      laborCents: 220_880,
      paintCents: 22_680,
      otherCents: 68_500,
      taxCents: 60_745,
      deductibleCents: 100_000,
      netCents: 1_117_910,
    });
    const told = await db.select().from(notifications).where(eq(notifications.userId, watcher.id));
    expect(told.map((n) => n.title)).toContain(`${silverado.claimNumber} is now Total loss`);
  });

  it('moves to Total loss as any move: the followers told, the history and audit naming CCC, never over a claim changed since read', async () => {
    const { actor, user, silverado, watcher } = await seed({ silverado: 'estimate_review' });
    const other = await buildUser(db, { role: 'manager' });
    await db.insert(claimWatchers).values({ claimId: silverado.id, userId: other.id });
    const estimate = parseBmsEstimate(fixture('estimate-total-loss.xml'), options);
    // Read, then changed by a person before the move: the move is refused and writes nothing.
    const read = await loadClaimRow(db, 'all', silverado.id);
    const edited = await app.inject({
      method: 'PATCH',
      url: `/api/vehicles/${silverado.id}`,
      headers: { cookie: adminCookie },
      payload: { version: read.claim.version, description: 'Rear-ended on the ramp; frame looks bent' },
    });
    expect(edited.statusCode).toBe(200);
    await expect(applyTotalLossTo(db, actor, read, estimate)).rejects.toThrow(STALE_VERSION_MESSAGE);
    expect(await claimRow(silverado.id)).toMatchObject({
      status: 'estimate_review',
      description: 'Rear-ended on the ramp; frame looks bent',
    });
    const toldOf = (userId: string) =>
      db
        .select({ type: notifications.type, title: notifications.title, message: notifications.message })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.relatedVehicleId, silverado.id)))
        .orderBy(asc(notifications.createdAt), asc(notifications.id));
    const before = [(await toldOf(watcher.id)).length, (await toldOf(other.id)).length];

    // The import reads the claim as it is and moves it.
    const row = await receive(actor, 'estimate-total-loss.xml');
    expect(row.result).toBe('imported');
    const note = 'CCC estimate flags a total loss: gross $12,179.10 of ACV $13,250.00';
    const [entry] = await db
      .select({
        fromStatus: claimStatusHistory.fromStatus,
        toStatus: claimStatusHistory.toStatus,
        actorId: claimStatusHistory.actorId,
        note: claimStatusHistory.note,
      })
      .from(claimStatusHistory)
      .where(eq(claimStatusHistory.claimId, silverado.id))
      .orderBy(desc(claimStatusHistory.createdAt), desc(claimStatusHistory.seq))
      .limit(1);
    expect(entry).toEqual({ fromStatus: 'estimate_review', toStatus: 'total_loss', actorId: user.id, note });
    const notice = {
      type: 'status_change',
      title: `${silverado.claimNumber} is now Total loss`,
      message: `${read.vehicle.unitNumber}: Estimate in review → Total loss — ${note}`,
    };
    const told = [(await toldOf(watcher.id)).slice(before[0]), (await toldOf(other.id)).slice(before[1])];
    expect(told).toEqual([[notice], [notice]]);
    const [audit] = await db
      .select({ actorId: auditLog.actorId, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'claim.moved'), eq(auditLog.entityId, silverado.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toEqual({
      actorId: user.id,
      before: { status: 'estimate_review' },
      after: { status: 'total_loss', note, source: { kind: 'ccc', reference: estimate.documentId } },
    });
  });

  it('leaves no repair lines of a total-loss estimate awaiting approval: it cannot be approved or rejected', async () => {
    const { actor, silverado } = await seed({ silverado: 'estimate_review' });
    await receive(actor, 'estimate-total-loss.xml');
    const [estimate] = await estimatesOf(silverado.id);
    expect(estimate).toMatchObject({ status: 'total_loss', decidedAt: null, totalCents: 1_217_910 });
    expect(estimate!.lines).toHaveLength(10);
    for (const payload of [
      { action: 'approve', version: estimate!.version },
      { action: 'reject', version: estimate!.version, note: 'Too high' },
    ]) {
      const decided = await app.inject({
        method: 'POST',
        url: `/api/estimates/${estimate!.id}/decision`,
        headers: { cookie: adminCookie },
        payload,
      });
      expect(decided.statusCode).toBe(409);
      expect(decided.json().message).toBe(
        'This estimate declares the vehicle a total loss: it has no repair to approve or reject.',
      );
    }
    const claim = await claimRow(silverado.id);
    expect(claim).toMatchObject({ approvedAmountCents: null, estimateAmountCents: 1_217_910 });
  });

  it('flags a total loss for review when the claim cannot move there from its status', async () => {
    const { actor, silverado, watcher, user } = await seed();
    const other = await buildUser(db, { role: 'manager' });
    await db.insert(claimWatchers).values({ claimId: silverado.id, userId: other.id });
    await receive(actor, 'estimate-total-loss.xml');
    const claim = await claimRow(silverado.id);
    expect(claim.status).toBe('reported');
    expect(claim.tags).toContain('Total loss');
    const told = await db
      .select({ userId: notifications.userId, title: notifications.title })
      .from(notifications)
      .where(inArray(notifications.userId, [watcher.id, other.id, user.id]))
      .orderBy(asc(notifications.userId));
    expect(
      told
        .filter((n) => n.title.endsWith('may be a total loss'))
        .map((n) => n.userId)
        .sort(),
    ).toEqual([watcher.id, other.id].sort());
  });

  it('fills the claim’s empty insurer, policy, deductible, adjuster, odometer and drivable from the estimate', async () => {
    const { actor, transit } = await seed();
    const before = await claimRow(transit.id);
    expect(before).toMatchObject({ policyNumber: null, deductibleCents: null, adjusterName: null });
    await receive(actor, 'estimate-original.xml');
    const after = await claimRow(transit.id);
    expect(after).toMatchObject({
      insurer: 'Great Lakes Commercial Mutual (fictional)',
      insurerClaimNumber: 'FC-2026-0412',
      policyNumber: 'CFA-88214507',
      deductibleCents: 50_000,
      adjusterName: 'Marcus Okafor',
      adjusterPhone: '312-555-0122',
      adjusterEmail: 'mokafor@glcm.example',
      odometerAtIntake: 48_213,
      drivable: true,
      lossDate: before.lossDate,
    });
    const audit = await db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'claim'), eq(auditLog.entityId, transit.id)))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
    expect(audit.map((entry) => entry.after)).toContainEqual(
      expect.objectContaining({ policyNumber: 'CFA-88214507', deductibleCents: 50_000 }),
    );
  });

  it('never overwrites what a person typed on the claim: the import says what it kept', async () => {
    const { actor, transit } = await seed();
    await db
      .update(claims)
      .set({ policyNumber: 'NW-POL-7', deductibleCents: 25_000, adjusterName: 'Priya Raman' })
      .where(eq(claims.id, transit.id));
    const row = await receive(actor, 'estimate-original.xml');
    expect(row.result).toBe('imported');
    expect(row.reason).toContain(
      "Kept the claim's policy number NW-POL-7 (the file says CFA-88214507); deductible $250.00 (the file says $500.00); adjuster Priya Raman (the file says Marcus Okafor)",
    );
    expect(await claimRow(transit.id)).toMatchObject({
      policyNumber: 'NW-POL-7',
      deductibleCents: 25_000,
      adjusterName: 'Priya Raman',
      // The fields the person left empty are filled.
      adjusterEmail: 'mokafor@glcm.example',
      insurer: 'Great Lakes Commercial Mutual (fictional)',
    });
  });

  it('fills the insurer claim number of a claim matched by VIN, and nothing from an in-progress file', async () => {
    const { actor, transit } = await seed();
    await db.update(claims).set({ insurerClaimNumber: null }).where(eq(claims.id, transit.id));
    const inProgress = fixture('estimate-original.xml')
      .toString('utf8')
      .replace('<DocumentStatus>C</DocumentStatus>', '<DocumentStatus>I</DocumentStatus>')
      .replace('a4f0c9e2-1b6d-4f3e-8a57-2e9b0d6c4f18', 'a4f0c9e2-2222-4f3e-8a57-2e9b0d6c4f18');
    expect(await receive(actor, 'in-progress.xml', Buffer.from(inProgress))).toMatchObject({
      result: 'imported',
      matchedBy: 'vin',
    });
    expect(await claimRow(transit.id)).toMatchObject({ insurerClaimNumber: null, policyNumber: null });
    await receive(actor, 'estimate-original.xml');
    const claim = await claimRow(transit.id);
    expect(claim).toMatchObject({ insurerClaimNumber: 'FC-2026-0412', policyNumber: 'CFA-88214507' });
    expect(claim.searchText).toContain('fc-2026-0412');
  });

  it('keeps an unmatched file for assignment by hand, which then imports it', async () => {
    const { actor, transit } = await seed();
    const row = await receive(actor, 'no-match.xml');
    expect(row).toMatchObject({ result: 'unmatched', claimId: null, estimateId: null, grossCents: 55_823 });
    expect(row.reason).toMatch(/^No claim matches claim number ZX-7781-0042 or VIN 3C6TRVDG5LE537120/);
    expect(
      await db
        .select()
        .from(estimates)
        .where(eq(estimates.externalId, '8c4f1a62-d95e-4b07-a3c8-6e20b7f19d45')),
    ).toEqual([]);

    const assigned = await reprocessCccImport(db, actor, row.id, { ...options, claimId: transit.id });
    expect(assigned).toMatchObject({
      result: 'imported',
      matchedBy: 'manual',
      claimId: transit.id,
      attempts: 2,
    });
    expect(assigned.reason).toContain('VIN 3C6TRVDG5LE537120 differs');
    expect((await claimRow(transit.id)).estimateAmountCents).toBe(55_823);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'ccc_import'), eq(auditLog.entityId, row.id)));
    expect(audit.map((entry) => entry.action)).toEqual(['ccc_import.assigned']);
  });

  it('rejects the malformed and wrong-root files with their reasons; nothing is created', async () => {
    const { actor, transit } = await seed();
    const malformed = await receive(actor, 'malformed.xml');
    expect(malformed).toMatchObject({ result: 'rejected', claimId: null, documentId: null });
    expect(malformed.reason).toBe(
      'Not well-formed XML: the file ends before <LaborHours> is closed (line 336, column 19)',
    );
    const wrongRoot = await receive(actor, 'wrong-root.xml');
    expect(wrongRoot).toMatchObject({
      result: 'rejected',
      reason: 'Not a BMS estimate (root VehicleDamageEstimateAddRs)',
    });
    expect(await estimatesOf(transit.id)).toEqual([]);
    const xxe = fixture('estimate-original.xml')
      .toString('utf8')
      .replace(
        '<VehicleDamageEstimateAddRq',
        '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><VehicleDamageEstimateAddRq',
      );
    expect((await receive(actor, 'xxe.xml', Buffer.from(xxe))).reason).toBe(
      'Refused: the file declares a DTD or entities (never resolved)',
    );
    const big = await receiveCccFile(
      db,
      actor,
      { fileName: 'big.xml', content: fixture('estimate-original.xml'), source: 'upload' },
      { maxBytes: 2048 },
    );
    expect(big.reason).toMatch(/^File too large/);
  });

  it('reads a BOM and a bms: prefix the same as the plain file', async () => {
    const { actor, transit } = await seed();
    const prefixed = fixture('estimate-original.xml')
      .toString('utf8')
      .replace(
        '<VehicleDamageEstimateAddRq xmlns="http://www.cieca.com/BMS">',
        '<bms:VehicleDamageEstimateAddRq xmlns:bms="http://www.cieca.com/BMS">',
      )
      .replace('</VehicleDamageEstimateAddRq>', '</bms:VehicleDamageEstimateAddRq>');
    const content = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(prefixed)]);
    expect(await receive(actor, 'bom-prefixed.xml', content)).toMatchObject({
      result: 'imported',
      claimId: transit.id,
    });
    expect((await claimRow(transit.id)).estimateAmountCents).toBe(324_557);
  });

  it('imports a windows-1252 file: the facility, insurer and adjuster names exactly as written', async () => {
    const { actor, transit } = await seed();
    const text = fixture('estimate-original.xml')
      .toString('utf8')
      .replace('encoding="UTF-8"', 'encoding="windows-1252"')
      .replace('Prairie Collision Center', 'O’Brien &amp; Côté Collision')
      .replace('Great Lakes Commercial Mutual (fictional)', 'Société “Grands Lacs” – Mutuelle')
      .replace('<LastName>Okafor</LastName>', '<LastName>D’Arcy-Lefèvre</LastName>');
    const cp1252: Record<string, number> = { '’': 0x92, '“': 0x93, '”': 0x94, '–': 0x96 };
    const content = Buffer.from(Array.from(text, (char) => cp1252[char] ?? char.charCodeAt(0)));
    expect(content.includes(0x92)).toBe(true);
    const row = await receive(actor, 'windows-1252.xml', content);
    expect(row).toMatchObject({
      result: 'imported',
      claimId: transit.id,
      facilityName: 'O’Brien & Côté Collision',
      grossCents: 324_557,
    });
    expect(await claimRow(transit.id)).toMatchObject({
      insurer: 'Société “Grands Lacs” – Mutuelle',
      adjusterName: 'Marcus D’Arcy-Lefèvre',
    });
    expect(Buffer.compare(await loadCccImportContent(db, row.id), content)).toBe(0);
  });

  it('holds a claim-number match whose VIN disagrees, and a VIN shared by two open claims', async () => {
    const { actor, company, transit } = await seed();
    await db.update(vehicles).set({ vin: '1FTBR2C80MKA41299' }).where(eq(vehicles.vin, TRANSIT_VIN));
    const conflict = await receive(actor, 'estimate-original.xml');
    expect(conflict).toMatchObject({ result: 'held', claimId: null });
    expect(conflict.reason).toMatch(
      /^Claim number FC-2026-0412 is CLM-\d+, whose vehicle has VIN 1FTBR2C80MKA41299; the estimate's VIN is 1FTBR2C88MKA41207/,
    );
    expect(await estimatesOf(transit.id)).toEqual([]);

    // No claim number on file, and the Silverado's VIN on two open claims of the same vehicle.
    await db.update(claims).set({ insurerClaimNumber: null }).where(eq(claims.companyId, company.id));
    const [silverado] = await db.select().from(vehicles).where(eq(vehicles.vin, SILVERADO_VIN));
    const [first] = await db.select().from(claims).where(eq(claims.vehicleId, silverado!.id));
    await db.insert(claims).values({
      ...first!,
      id: undefined,
      number: first!.number + 100_000,
      statusRank: undefined,
      priorityRank: undefined,
    } as never);
    const shared = await receive(actor, 'estimate-total-loss.xml');
    expect(shared.result).toBe('held');
    expect(shared.reason).toMatch(/^VIN 1GCUYDED3KZ218834 is on 2 open claims/);
  });

  it('matches the facility by its CCC shop id or name and says so on the import', async () => {
    const { actor } = await seed();
    await db
      .insert(repairFacilities)
      .values({ name: 'Prairie Collision Center', kind: 'collision', cccShopId: 'PCC-1' });
    const row = await receive(actor, 'estimate-original.xml');
    expect(row.repairFacilityId).not.toBeNull();
    expect(row.reason).toBeNull();
  });

  it('does not see claims outside the importing user’s companies', async () => {
    await seed();
    const stranger = await buildUser(db, { role: 'manager', companyIds: [(await buildCompany(db)).id] });
    const row = await receive(userActor({ user: stranger, companyIds: [] }), 'estimate-original.xml');
    expect(row.result).toBe('unmatched');
  });
});
