import { describe, expect, it } from 'vitest';
import type { Claim } from '@shared/claims.js';
import type { FleetDashboard } from '@shared/fleet-dashboard.js';
import type { Report } from '@shared/reports.js';
import { WORKFLOW_PATH } from '@shared/workflows.js';
import {
  caller,
  checkReceivedVia,
  completedCollisionClaim,
  succeeded,
} from '../../test/accounting-factories.js';
import { createClaimVia, newClaimInput } from '../../test/claim-factories.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';

/**
 * Decision 038: the claim page and the reports read one fact per amount. For a claim made each way a claim gets
 * its money — typed at intake, estimate versions with a supplement, approved, completed with a final cost,
 * invoiced and sent, paid — the claim as the API answers it and the report over that claim alone (one company per
 * claim) agree to the cent, and the Fleet Dashboard's spend is its final amount.
 */

const line = (description: string, unitPriceCents: number) => ({
  operation: 'part',
  description,
  quantity: 1,
  unitPriceCents,
});

describe('money facts: the claim page and the reports agree claim by claim', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const admin = await loginAs(app, await buildUser(db, { role: 'admin', username: 'money.admin' }));
  const call = caller(app, admin);
  let companies = 0;
  const newCompany = () =>
    buildCompany(db, {
      name: `Money ${++companies}`,
      billingEmail: `ap${companies}@money.example`,
      taxRatePercent: 8.25,
    });

  const claimOf = (id: string) => succeeded<Claim>(call('GET', `/api/vehicles/${id}`));
  const estimateOf = (claimId: string, lines: object[], taxRatePercent = 0) =>
    succeeded(
      call('POST', `/api/vehicles/${claimId}/estimates`, { laborRateCents: 10_000, taxRatePercent, lines }),
    );

  /** Walks a collision claim to Completed through the API, giving `finalAmountCents` on the Completed move. */
  async function complete(claimId: string, finalAmountCents?: number) {
    let { version } = await claimOf(claimId);
    for (const to of WORKFLOW_PATH.collision.slice(1)) {
      const moved = await succeeded<Claim>(
        call('POST', `/api/vehicles/${claimId}/transitions`, {
          to,
          version,
          ...(to === 'completed' && finalAmountCents !== undefined ? { finalAmountCents } : {}),
        }),
      );
      version = moved.version;
      if (to === 'completed') return moved;
    }
    throw new Error('no Completed on the collision path');
  }

  async function sendInvoiceOf(claimId: string) {
    const draft = await succeeded<{ id: string; version: number; taxRatePercent: number }>(
      call('POST', '/api/accounting/invoices', { claimIds: [claimId] }),
    );
    return succeeded<{ id: string; totalCents: number; taxRatePercent: number }>(
      call('POST', `/api/accounting/invoices/${draft.id}/send`, { version: draft.version }),
    );
  }

  const cases: { way: string; companyId: string; claimId: string }[] = [];

  it('makes a claim each way', async () => {
    const typed = await newCompany();
    const claim = await createClaimVia(app, admin, newClaimInput(typed.id, { estimateAmountCents: 220_330 }));
    cases.push({ way: 'typed at intake', companyId: typed.id, claimId: claim.id });

    const versions = await newCompany();
    const withVersions = await createClaimVia(app, admin, newClaimInput(versions.id));
    await estimateOf(withVersions.id, [line('Hood', 81_000)]);
    const supplement = await estimateOf(withVersions.id, [line('Hood', 81_000), line('Hinge', 12_345)]);
    await succeeded(
      call('POST', `/api/estimates/${supplement.id}/decision`, {
        action: 'approve',
        version: supplement.version,
      }),
    );
    cases.push({ way: 'estimate versions', companyId: versions.id, claimId: withVersions.id });

    const approved = await newCompany();
    const approvedClaim = await completedCollisionClaim(app, admin, approved.id, {
      lines: [line('Door shell', 64_210)],
      until: 'approved',
    });
    cases.push({ way: 'approved', companyId: approved.id, claimId: approvedClaim.id });

    const completed = await newCompany();
    const completedClaim = await createClaimVia(
      app,
      admin,
      newClaimInput(completed.id, { estimateAmountCents: 150_000 }),
    );
    const moved = await complete(completedClaim.id, 163_399);
    expect(moved.finalAmountCents).toBe(163_399);
    cases.push({ way: 'completed with a final cost', companyId: completed.id, claimId: completedClaim.id });

    const invoiced = await newCompany();
    const invoicedClaim = await completedCollisionClaim(app, admin, invoiced.id, {
      lines: [line('Quarter panel', 123_456)],
    });
    const sent = await sendInvoiceOf(invoicedClaim.id);
    expect((await claimOf(invoicedClaim.id)).finalAmountCents).toBe(sent.totalCents);
    cases.push({ way: 'invoiced and sent', companyId: invoiced.id, claimId: invoicedClaim.id });

    const paid = await newCompany();
    const paidClaim = await createClaimVia(app, admin, newClaimInput(paid.id));
    const priced = await estimateOf(paidClaim.id, [line('Windshield', 110_000)], 10.25);
    await succeeded(
      call('POST', `/api/estimates/${priced.id}/decision`, { action: 'approve', version: priced.version }),
    );
    // Completed with the approved amount offered, then invoiced: the invoice's total replaces it.
    const approvedAmount = (await claimOf(paidClaim.id)).approvedAmountCents!;
    await complete(paidClaim.id, approvedAmount);
    const paidInvoice = await sendInvoiceOf(paidClaim.id);
    // The invoice bills at the approved estimate's 10.25 %, not the company's 8.25 %: it equals the claim.
    expect(paidInvoice.taxRatePercent).toBe(10.25);
    expect(paidInvoice.totalCents).toBe(approvedAmount);
    await checkReceivedVia(app, admin, {
      companyId: paid.id,
      receivedOn: new Date().toISOString().slice(0, 10),
      amountCents: paidInvoice.totalCents,
      applications: [{ invoiceId: paidInvoice.id, amountCents: paidInvoice.totalCents }],
    });
    cases.push({ way: 'paid', companyId: paid.id, claimId: paidClaim.id });
  });

  it('the report over each claim counts the amounts its page shows, to the cent', async () => {
    const year = new Date().getUTCFullYear();
    for (const { way, companyId, claimId } of cases) {
      const claim = await claimOf(claimId);
      const report = await succeeded<Report>(
        call('GET', `/api/reports?range=this_month&companyId=${companyId}`),
      );
      const cost = report.cost.total;
      const first = claim.firstEstimateCents;
      const final = claim.finalAmountCents;
      expect(
        {
          estimate: cost.estimateCents,
          approved: cost.approvedCents,
          final: cost.finalCents,
          spend: report.meta.headline.spendCents,
        },
        way,
      ).toEqual({
        estimate: first ?? 0,
        approved: claim.approvedAmountCents ?? 0,
        final: final ?? 0,
        spend: final ?? 0,
      });
      expect(cost.estimateAccuracy, way).toBe(
        first && final !== null ? Math.round((final / first) * 10_000) / 10_000 : null,
      );
      const fleet = await succeeded<FleetDashboard>(
        call('GET', `/api/fleet-dashboard?companyId=${companyId}`),
      );
      expect(fleet.spend.thisYear.cents, way).toBe(claim.completedAt ? (final ?? 0) : 0);
      expect(
        fleet.spend.months.find((month) => month.month === new Date().getUTCMonth() + 1)?.thisYearCents,
        way,
      ).toBe(claim.completedAt ? (final ?? 0) : 0);
      expect(fleet.spend.year).toBe(year);
    }
  });

  it('names each claim’s amounts as the page shows them', async () => {
    const amounts = Object.fromEntries(
      await Promise.all(
        cases.map(async ({ way, claimId }) => {
          const claim = await claimOf(claimId);
          return [
            way,
            [
              claim.estimateAmountCents,
              claim.firstEstimateCents,
              claim.approvedAmountCents,
              claim.finalAmountCents,
            ],
          ];
        }),
      ),
    );
    expect(amounts).toEqual({
      // [estimate amount, first estimate, approved, final]
      'typed at intake': [220_330, 220_330, null, null],
      // The estimate amount follows the approved supplement; the first estimate is the original.
      'estimate versions': [93_345, 81_000, 93_345, null],
      approved: [64_210, 64_210, 64_210, null],
      'completed with a final cost': [150_000, 150_000, null, 163_399],
      // The company's 8.25 % on the approved estimate's $1,234.56 (no tax on the estimate itself).
      'invoiced and sent': [123_456, 123_456, 123_456, 133_641],
      paid: [121_275, 121_275, 121_275, 121_275],
    });
  });

  it('a report over claims with typed estimates counts them as first estimates, with the accuracy', async () => {
    const company = await newCompany();
    // Four claims with estimates typed at intake ($8,811.60), completed with their final costs ($9,000.00).
    const figures = [
      [210_040, 220_000],
      [195_520, 190_000],
      [250_000, 265_000],
      [225_600, 225_000],
    ] as const;
    for (const [estimateAmountCents, finalAmountCents] of figures) {
      const claim = await createClaimVia(app, admin, newClaimInput(company.id, { estimateAmountCents }));
      await complete(claim.id, finalAmountCents);
    }
    const report = await succeeded<Report>(
      call('GET', `/api/reports?range=this_month&companyId=${company.id}`),
    );
    expect(report.cost.total).toMatchObject({
      estimateCents: 881_160,
      finalCents: 900_000,
      spendCents: 900_000,
      estimateAccuracy: 1.0214,
      supplementRate: 0,
    });
  });

  it('sending an invoice makes the kept report and Fleet Dashboard answers count the new final amount', async () => {
    const company = await newCompany();
    const claim = await completedCollisionClaim(app, admin, company.id, { lines: [line('Grille', 45_000)] });
    const reportUrl = `/api/reports?range=this_month&companyId=${company.id}`;
    const fleetUrl = `/api/fleet-dashboard?companyId=${company.id}`;
    expect((await succeeded<Report>(call('GET', reportUrl))).meta.headline.spendCents).toBe(0);
    expect((await succeeded<FleetDashboard>(call('GET', fleetUrl))).spend.thisYear.cents).toBe(0);
    const sent = await sendInvoiceOf(claim.id);
    expect((await succeeded<Report>(call('GET', reportUrl))).meta.headline.spendCents).toBe(sent.totalCents);
    expect((await succeeded<FleetDashboard>(call('GET', fleetUrl))).spend.thisYear.cents).toBe(
      sent.totalCents,
    );
  });
});
