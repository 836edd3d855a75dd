import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatCents } from '@shared/money.js';
import { extractText, getDocumentProxy } from 'unpdf';
import { systemActor, userActor } from '../../actor.js';
import {
  auditLog,
  claims,
  estimateLines,
  estimates,
  notifications,
  repairFacilities,
} from '../../db/schema/index.js';
import { createClaimVia, newClaimInput } from '../../test/claim-factories.js';
import { buildCompany, buildEstimate, buildUser, loginAs } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { receiveCccFile, reprocessCccImport } from '../ccc/index.js';
import type { TekmetricJobDto } from '../tekmetric/index.js';
import { roEstimateDraft, storeRoEstimate } from '../tekmetric/index.js';
import { loadClaimCosts } from './claim-costs.service.js';
import { listClaimEstimates } from './estimate-read.js';

const fixtures = path.join(import.meta.dirname, '../../test/fixtures');
const fixture = (name: string) => readFileSync(path.join(fixtures, name));
/** RO 10482's jobs (fixtures README): its estimate is 7 lines, $1,018.85. */
const roJobs = (
  JSON.parse(fixture('tekmetric/jobs-for-ro-2301457.json').toString('utf8')) as { content: TekmetricJobDto[] }
).content;

describe('estimates', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const acme = await buildCompany(db, { name: 'Acme Rentals' });
  const zenith = await buildCompany(db, { name: 'Zenith Logistics' });
  const manager = await loginAs(app, await buildUser(db, { role: 'manager', companyIds: [acme.id] }));
  const viewer = await loginAs(app, await buildUser(db, { role: 'viewer', companyIds: [acme.id] }));
  const outsiderUser = await buildUser(db, { role: 'manager', companyIds: [zenith.id] });
  const outsider = await loginAs(app, outsiderUser);
  const approverUser = await buildUser(db, { role: 'manager', companyIds: [acme.id] });
  const approver = await loginAs(app, approverUser);
  const [ratedShop] = await db
    .insert(repairFacilities)
    .values({ name: 'Northside Collision', kind: 'collision', laborRateCents: 12_500 })
    .returning();
  const [unratedShop] = await db
    .insert(repairFacilities)
    .values({ name: 'Corner Body Shop', kind: 'collision' })
    .returning();

  const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  const bumper = {
    operation: 'part',
    description: 'Front bumper cover',
    partNumber: 'FO1000700',
    quantity: 1,
    unitPriceCents: 45_000,
    laborHours: 2.5,
  };
  const refinish = {
    operation: 'paint',
    description: 'Refinish bumper cover',
    quantity: 1,
    unitPriceCents: 8_500,
    laborHours: 1.8,
  };
  const claimAt = (repairFacilityId: string | null = ratedShop!.id) =>
    createClaimVia(app, manager, newClaimInput(acme.id, { repairFacilityId }));
  const addEstimate = (claimId: string, body: object, cookie = manager) =>
    call(cookie, 'POST', `/api/vehicles/${claimId}/estimates`, body);

  describe('creating', () => {
    it('computes the totals itself, ignoring totals a client sends, at the facility’s labour rate', async () => {
      const claim = await claimAt();
      const response = await addEstimate(claim.id, {
        taxRatePercent: 8.25,
        laborRateCents: 1, // the facility has a rate, which wins
        lines: [bumper, refinish],
        partsCents: 1,
        totalCents: 999_999,
        note: 'Photos taken at drop-off',
      });
      expect(response.statusCode, response.body).toBe(201);
      // Labour 2.5 h × $125 = $312.50; paint $85 + 1.8 h × $125 = $310; tax 8.25% of (450 + 310) = $62.70
      expect(response.json()).toMatchObject({
        source: 'manual',
        number: `EST-${claim.claimNumber.slice(4)}`,
        supplementNumber: 0,
        status: 'pending',
        laborRateCents: 12_500,
        laborRateSource: 'facility',
        partsCents: 45_000,
        laborCents: 31_250,
        paintCents: 31_000,
        otherCents: 0,
        subtotalCents: 107_250,
        taxCents: 6_270,
        totalCents: 113_520,
        version: 1,
        lines: [
          {
            position: 0,
            partNumber: 'FO1000700',
            priceCents: 45_000,
            laborCents: 31_250,
            totalCents: 76_250,
          },
          { position: 1, partNumber: null, priceCents: 8_500, laborCents: 22_500, totalCents: 31_000 },
        ],
      });
      const [stored] = await db.select().from(estimates).where(eq(estimates.id, response.json().id));
      expect(stored).toMatchObject({ totalCents: 113_520, taxRatePercent: 8.25 });
      const audit = await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, stored!.id))
        .orderBy(auditLog.id);
      expect(audit.map((entry) => entry.action)).toEqual(['estimate.created']);
    });

    it('uses the estimate’s own rate when the facility has none, and refuses hours with no rate at all', async () => {
      const claim = await claimAt(unratedShop!.id);
      const noRate = await addEstimate(claim.id, { lines: [bumper] });
      expect(noRate.statusCode).toBe(400);
      expect(noRate.json().fieldErrors).toEqual({
        laborRateCents: ['Enter a labour rate: the repair facility has none on file'],
      });
      const own = await addEstimate(claim.id, { laborRateCents: 9_950, lines: [bumper] });
      expect(own.json()).toMatchObject({
        laborRateCents: 9_950,
        laborRateSource: 'estimate',
        laborCents: 24_875,
      });
      const partsOnly = await addEstimate(claim.id, { lines: [{ ...bumper, laborHours: 0 }] });
      expect(partsOnly.json()).toMatchObject({
        laborRateCents: null,
        laborRateSource: null,
        totalCents: 45_000,
      });
    });

    it('numbers the original and its supplements, keeping the original’s number', async () => {
      const claim = await claimAt();
      const original = (await addEstimate(claim.id, { number: 'RO-4471', lines: [bumper] })).json();
      const first = (await addEstimate(claim.id, { lines: [bumper, refinish] })).json();
      const second = (await addEstimate(claim.id, { number: 'RO-4471-B', lines: [refinish] })).json();
      expect([original, first, second].map((e) => [e.number, e.supplementNumber])).toEqual([
        ['RO-4471', 0],
        ['RO-4471', 1],
        ['RO-4471-B', 2],
      ]);
      const list = (await call(viewer, 'GET', `/api/vehicles/${claim.id}/estimates`)).json();
      expect(list.facility).toEqual({ name: 'Northside Collision', laborRateCents: 12_500 });
      expect(list.items.map((e: { supplementNumber: number }) => e.supplementNumber)).toEqual([0, 1, 2]);
      expect(list.items[1].lines).toHaveLength(2);
    });

    it('numbers supplements without gaps or duplicates when added at the same time', async () => {
      const claim = await claimAt();
      const created = await Promise.all(
        Array.from({ length: 6 }, () => addEstimate(claim.id, { lines: [bumper] })),
      );
      expect(created.map((response) => response.statusCode)).toEqual(Array(6).fill(201));
      const numbers = created.map((response) => response.json().supplementNumber).sort();
      expect(numbers).toEqual([0, 1, 2, 3, 4, 5]);
    });

    it('prices a labour line sent without a unit price by its hours alone', async () => {
      const claim = await claimAt();
      const response = await addEstimate(claim.id, {
        lines: [{ operation: 'labor', description: 'Diagnosis', quantity: 1, laborHours: 1.2 }],
      });
      expect(response.statusCode, response.body).toBe(201);
      // 1.2 h × $125 = $150.00
      expect(response.json()).toMatchObject({
        laborCents: 15_000,
        totalCents: 15_000,
        lines: [{ operation: 'labor', unitPriceCents: 0, priceCents: 0, laborCents: 15_000 }],
      });
      const nothing = await addEstimate(claim.id, {
        lines: [{ operation: 'part', description: 'Mirror glass', quantity: 1 }],
      });
      expect(nothing.statusCode).toBe(400);
      expect(nothing.json().fieldErrors).toEqual({
        'lines.0.unitPriceCents': ['Unit price must be an amount'],
      });
    });

    it('says which field is wrong', async () => {
      const claim = await claimAt();
      const response = await addEstimate(claim.id, {
        taxRatePercent: 101,
        lines: [{ ...bumper, description: ' ', quantity: 0, unitPriceCents: 10.5 }],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({
        taxRatePercent: ['Tax rate must be at most 100'],
        'lines.0.description': ['Describe the line'],
        'lines.0.quantity': ['Quantity must be more than 0'],
        'lines.0.unitPriceCents': ['Unit price must be in whole cents'],
      });
      const empty = await addEstimate(claim.id, { lines: [] });
      expect(empty.json().fieldErrors).toEqual({ lines: ['Add at least one line'] });
    });
  });

  describe('editing and deciding', () => {
    it('replaces the lines of an estimate awaiting review, with optimistic locking', async () => {
      const claim = await claimAt();
      const estimate = (await addEstimate(claim.id, { lines: [bumper, refinish] })).json();
      const edited = await call(manager, 'PATCH', `/api/estimates/${estimate.id}`, {
        version: 1,
        taxRatePercent: 10,
        lines: [{ ...bumper, quantity: 2 }],
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({
        version: 2,
        number: estimate.number,
        partsCents: 90_000,
        laborCents: 31_250,
        taxCents: 9_000,
        totalCents: 130_250,
      });
      expect(edited.json().lines).toHaveLength(1);
      const lines = await db.select().from(estimateLines).where(eq(estimateLines.estimateId, estimate.id));
      expect(lines).toHaveLength(1);
      const stale = await call(manager, 'PATCH', `/api/estimates/${estimate.id}`, {
        version: 1,
        lines: [bumper],
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toMatch(/^Someone else changed this estimate/);
    });

    it('sets the claim’s estimate amount to its latest approved estimate, bumping the claim’s version', async () => {
      const claim = await claimAt();
      const original = (await addEstimate(claim.id, { lines: [bumper] })).json(); // $762.50
      const supplement = (await addEstimate(claim.id, { lines: [bumper, refinish] })).json(); // $1,072.50

      const approved = await call(manager, 'POST', `/api/estimates/${supplement.id}/decision`, {
        action: 'approve',
        version: 1,
      });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json()).toMatchObject({
        status: 'approved',
        version: 2,
        decidedBy: { name: expect.any(String) },
      });
      let current = (await call(manager, 'GET', `/api/vehicles/${claim.id}`)).json();
      expect(current).toMatchObject({
        estimateAmountCents: 107_250,
        approvedAmountCents: 107_250,
        version: claim.version + 1,
      });
      const audit = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, claim.id), eq(auditLog.action, 'claim.updated')));
      expect(audit[0]).toMatchObject({
        before: { estimateAmountCents: null, approvedAmountCents: null },
        after: { estimateAmountCents: 107_250, approvedAmountCents: 107_250, estimateId: supplement.id },
      });

      // Approving the older original afterwards does not replace the later supplement's amount.
      await call(manager, 'POST', `/api/estimates/${original.id}/decision`, {
        action: 'approve',
        version: 1,
      });
      current = (await call(manager, 'GET', `/api/vehicles/${claim.id}`)).json();
      expect(current).toMatchObject({ estimateAmountCents: 107_250, version: claim.version + 1 });

      const twice = await call(manager, 'POST', `/api/estimates/${supplement.id}/decision`, {
        action: 'approve',
        version: 2,
      });
      expect(twice.statusCode).toBe(409);
      const edit = await call(manager, 'PATCH', `/api/estimates/${supplement.id}`, {
        version: 2,
        lines: [bumper],
      });
      expect(edit.statusCode).toBe(409);
      expect(edit.json().message).toBe(
        'This estimate is already approved: it cannot change. Add a supplement for further work.',
      );

      // The amount is the approved estimate's: a hand edit is refused, sending it back unchanged is not.
      const byHand = await call(manager, 'PATCH', `/api/vehicles/${claim.id}`, {
        version: current.version,
        estimateAmountCents: 99_900,
      });
      expect(byHand.statusCode).toBe(400);
      expect(byHand.json().fieldErrors).toEqual({
        estimateAmountCents: [
          'The estimate follows the latest approved estimate: enter or approve one under Estimates to change it',
        ],
      });
      const unchanged = await call(manager, 'PATCH', `/api/vehicles/${claim.id}`, {
        version: current.version,
        estimateAmountCents: 107_250,
        deductibleCents: 50_000,
      });
      expect(unchanged.statusCode, unchanged.body).toBe(200);
    });

    it('makes the approved amount follow approvals, so the Money card and the PDF agree', async () => {
      const claim = await claimAt();
      const original = (await addEstimate(claim.id, { lines: [bumper, refinish] })).json(); // $1,072.50
      await call(approver, 'POST', `/api/estimates/${original.id}/decision`, {
        action: 'approve',
        version: 1,
      });
      // A supplement that drops a line, rejected: the approved amount stays the original's.
      const lower = (await addEstimate(claim.id, { lines: [bumper] })).json();
      await call(approver, 'POST', `/api/estimates/${lower.id}/decision`, {
        action: 'reject',
        version: 1,
        note: 'The refinish is still needed',
      });
      let current = (await call(viewer, 'GET', `/api/vehicles/${claim.id}`)).json();
      expect(current).toMatchObject({ estimateAmountCents: 107_250, approvedAmountCents: 107_250 });
      const higher = (
        await addEstimate(claim.id, { lines: [bumper, refinish, { ...bumper, quantity: 2 }] })
      ).json();
      await call(approver, 'POST', `/api/estimates/${higher.id}/decision`, { action: 'approve', version: 1 });
      current = (await call(viewer, 'GET', `/api/vehicles/${claim.id}`)).json();
      expect(current).toMatchObject({
        estimateAmountCents: higher.totalCents,
        approvedAmountCents: higher.totalCents,
      });

      const pdf = await call(viewer, 'GET', `/api/vehicles/${claim.id}/pdf`);
      expect(pdf.statusCode).toBe(200);
      const document = await getDocumentProxy(new Uint8Array(pdf.rawPayload));
      const text = (await extractText(document, { mergePages: true })).text.replace(/\s+/g, ' ');
      expect(text).toContain('ESTIMATE $2,285.00 APPROVED $2,285.00');

      const byHand = await call(manager, 'PATCH', `/api/vehicles/${claim.id}`, {
        version: current.version,
        approvedAmountCents: 1_000,
      });
      expect(byHand.statusCode).toBe(400);
      expect(byHand.json().fieldErrors.approvedAmountCents).toEqual([
        'The approved amount follows the estimate and authorization decisions: approve a supplement or request a new authorization to change it',
      ]);
    });

    it('tells those who can approve that an estimate awaits review, within the company only', async () => {
      const claim = await claimAt();
      const estimate = (await addEstimate(claim.id, { number: 'RO-88', lines: [bumper] })).json();
      const told = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.relatedVehicleId, claim.id), eq(notifications.type, 'estimate_review')));
      const recipients = told.map((n) => n.userId);
      expect(recipients).toContain(approverUser.id);
      expect(recipients).not.toContain(outsiderUser.id);
      const mine = told.find((n) => n.userId === approverUser.id)!;
      expect(mine.title).toBe(
        `Original awaits review on ${claim.claimNumber}: ${formatCents(estimate.totalCents)}`,
      );
      expect(mine.message).toContain('Original RO-88 was added by');
      // The one who added it is not told of their own estimate.
      const [creator] = await db
        .select({ userId: auditLog.actorId })
        .from(auditLog)
        .where(and(eq(auditLog.entityId, estimate.id), eq(auditLog.action, 'estimate.created')));
      expect(recipients).not.toContain(creator!.userId);
    });

    it('rejects with a reason, leaving the claim’s amount alone', async () => {
      const claim = await claimAt();
      const estimate = (await addEstimate(claim.id, { lines: [bumper] })).json();
      const noReason = await call(manager, 'POST', `/api/estimates/${estimate.id}/decision`, {
        action: 'reject',
        version: 1,
      });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().fieldErrors).toEqual({ note: ['Say why the estimate is rejected'] });
      const rejected = await call(manager, 'POST', `/api/estimates/${estimate.id}/decision`, {
        action: 'reject',
        version: 1,
        note: 'Labour hours look high; ask for a second opinion',
      });
      expect(rejected.json()).toMatchObject({
        status: 'rejected',
        decisionNote: 'Labour hours look high; ask for a second opinion',
      });
      const current = (await call(manager, 'GET', `/api/vehicles/${claim.id}`)).json();
      expect(current).toMatchObject({ estimateAmountCents: null, version: claim.version });
    });
  });

  describe('who may', () => {
    it('lets viewers read but not add, edit or decide', async () => {
      const claim = await claimAt();
      const estimate = (await addEstimate(claim.id, { lines: [bumper] })).json();
      expect((await call(viewer, 'GET', `/api/vehicles/${claim.id}/estimates`)).statusCode).toBe(200);
      expect((await call(viewer, 'GET', `/api/estimates/${estimate.id}`)).json().id).toBe(estimate.id);
      expect((await addEstimate(claim.id, { lines: [bumper] }, viewer)).statusCode).toBe(403);
      expect(
        (await call(viewer, 'PATCH', `/api/estimates/${estimate.id}`, { version: 1, lines: [bumper] }))
          .statusCode,
      ).toBe(403);
      expect(
        (
          await call(viewer, 'POST', `/api/estimates/${estimate.id}/decision`, {
            action: 'approve',
            version: 1,
          })
        ).statusCode,
      ).toBe(403);
    });

    it('answers 404 for another company’s claim or estimate, as for one that does not exist', async () => {
      const claim = await claimAt();
      const estimate = (await addEstimate(claim.id, { lines: [bumper] })).json();
      const answers = await Promise.all([
        call(outsider, 'GET', `/api/vehicles/${claim.id}/estimates`),
        addEstimate(claim.id, { lines: [bumper] }, outsider),
        call(outsider, 'GET', `/api/estimates/${estimate.id}`),
        call(outsider, 'PATCH', `/api/estimates/${estimate.id}`, { version: 1, lines: [bumper] }),
        call(outsider, 'POST', `/api/estimates/${estimate.id}/decision`, { action: 'approve', version: 1 }),
        call(manager, 'GET', '/api/estimates/00000000-0000-4000-8000-000000000000'),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
      expect(answers[2]!.json().message).toBe('Estimate not found');
      expect((await call(manager, 'GET', `/api/estimates/${estimate.id}`)).json().status).toBe('pending');
    });
  });

  describe('one writer for every source (typed, CCC ONE, Tekmetric)', async () => {
    const importerUser = await buildUser(db, { role: 'manager', companyIds: [acme.id] });
    const importer = userActor({ user: importerUser, companyIds: [acme.id] });
    const cccOptions = { maxBytes: 10 * 1024 * 1024 };
    /** A CCC file assigned by hand to the claim (the fixtures' claim numbers and VINs are not in this company). */
    const importCcc = async (claimId: string, name: string) => {
      const file = { fileName: name, content: fixture(`ccc/${name}`), source: 'upload' as const };
      const row = await receiveCccFile(db, importer, file, cccOptions);
      if (row.claimId === claimId) return row;
      expect(row.result).toBe('unmatched');
      return reprocessCccImport(db, importer, row.id, { ...cccOptions, claimId });
    };
    const syncRo = (claimId: string) =>
      db.transaction((tx) =>
        storeRoEstimate(
          tx,
          systemActor('tekmetric-sync'),
          claimId,
          { id: 2301457, repairOrderNumber: 10482 },
          roEstimateDraft(roJobs)!,
        ),
      );
    const claimOf = async (id: string) => (await db.select().from(claims).where(eq(claims.id, id)))[0]!;

    it('numbers a claim’s estimates in one sequence whatever their source; the amount follows the latest counted', async () => {
      const claim = await claimAt();
      const typed = (await addEstimate(claim.id, { number: 'RO-4471', lines: [bumper] })).json();
      expect(await importCcc(claim.id, 'estimate-original.xml')).toMatchObject({ result: 'imported' });
      expect((await claimOf(claim.id)).estimateAmountCents).toBe(324_557);
      expect(await importCcc(claim.id, 'estimate-supplement-1.xml')).toMatchObject({
        result: 'supplement',
        matchedBy: 'document',
      });
      const supplement = (await addEstimate(claim.id, { lines: [bumper, refinish] })).json();
      expect(supplement).toMatchObject({ number: 'RO-4471', supplementNumber: 3 });
      // A typed supplement awaits review: not counted, the CCC supplement is still the estimate.
      expect((await claimOf(claim.id)).estimateAmountCents).toBe(367_536);
      await syncRo(claim.id);

      const list = await listClaimEstimates(db, claim.id);
      expect(list.map((e) => [e.supplementNumber, e.source, e.number, e.status, e.totalCents])).toEqual([
        [0, 'manual', 'RO-4471', 'pending', 76_250],
        [1, 'ccc', '24117', 'pending', 324_557],
        [2, 'ccc', '24117', 'pending', 367_536],
        [3, 'manual', 'RO-4471', 'pending', 107_250],
        [4, 'tekmetric', 'RO 10482', 'pending', 101_885],
      ]);
      expect(list.map((e) => e.lines.length)).toEqual([1, 13, 16, 2, 7]);
      // The synced RO is the latest counted estimate (the highest supplement not rejected).
      expect((await claimOf(claim.id)).estimateAmountCents).toBe(101_885);
      expect(typed.supplementNumber).toBe(0);

      // One audit shape, naming the source.
      const created = await db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'estimate.created'),
            inArray(
              auditLog.entityId,
              list.map((e) => e.id),
            ),
          ),
        );
      const byEstimate = new Map(created.map((entry) => [entry.entityId, entry]));
      const afters = list.map((e) => byEstimate.get(e.id)!.after as Record<string, unknown>);
      expect(afters.map((after) => [after.source, after.supplement, after.lineCount])).toEqual([
        ['manual', 'Original', 1],
        ['ccc', 'Supplement 1', 13],
        ['ccc', 'Supplement 2', 16],
        ['manual', 'Supplement 3', 2],
        ['tekmetric', 'Supplement 4', 7],
      ]);
      const keys = (after: Record<string, unknown>) =>
        Object.keys(after)
          .filter((key) => key !== 'job')
          .sort();
      for (const after of afters) expect(keys(after)).toEqual(keys(afters[0]!));
      expect(byEstimate.get(list[4]!.id)).toMatchObject({
        actorId: null,
        after: {
          claimId: claim.id,
          source: 'tekmetric',
          number: 'RO 10482',
          supplement: 'Supplement 4',
          status: 'pending',
          external: { id: '2301457', version: 0, preliminary: false },
          laborRateCents: null,
          taxRatePercent: 0,
          partsCents: 52_585,
          laborCents: 49_300,
          paintCents: 0,
          otherCents: 0,
          taxCents: 0,
          totalCents: 101_885,
          lineCount: 7,
          job: 'tekmetric-sync',
        },
      });
      expect(byEstimate.get(list[0]!.id)!.after).toMatchObject({
        source: 'manual',
        number: 'RO-4471',
        external: null,
        laborRateCents: 12_500,
        partsCents: 45_000,
        laborCents: 31_250,
        totalCents: 76_250,
      });
    });

    it('holds one limit per claim across sources, with one message', async () => {
      const claim = await claimAt();
      for (let supplement = 0; supplement < 99; supplement += 1) {
        await buildEstimate(db, claim.id, supplement, 1_000, 'pending');
      }
      const hundredth = await addEstimate(claim.id, { lines: [bumper] });
      expect(hundredth.statusCode, hundredth.body).toBe(201);
      expect(hundredth.json().supplementNumber).toBe(99);

      const typed = await addEstimate(claim.id, { lines: [bumper] });
      expect(typed.statusCode).toBe(409);
      expect(typed.json().message).toBe('A claim has at most 100 estimates');
      await expect(importCcc(claim.id, 'no-match.xml')).rejects.toMatchObject({
        message: 'A claim has at most 100 estimates',
      });
      await expect(syncRo(claim.id)).rejects.toMatchObject({
        message: 'A claim has at most 100 estimates',
      });
      const [stored] = await db.select({ n: count() }).from(estimates).where(eq(estimates.claimId, claim.id));
      expect(stored!.n).toBe(100);
      expect((await claimOf(claim.id)).estimateAmountCents).toBeNull();
    });
  });

  it('loads a claim’s estimates and authorizations with their lines for its paperwork', async () => {
    const claim = await claimAt();
    await addEstimate(claim.id, { lines: [bumper, refinish] });
    await addEstimate(claim.id, { lines: [bumper] });
    const costs = await loadClaimCosts(db, claim.id);
    expect(costs.estimates.map((estimate) => estimate.lines.length)).toEqual([2, 1]);
    expect(costs.authorizations).toEqual([]);
  });
});
