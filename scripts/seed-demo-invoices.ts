/**
 * The demo's accounts receivable (used by seed-demo.ts): completed and closed claims are invoiced in every state —
 * drafts, sent, partially paid, paid and void — with due dates spread over the aging buckets (current, 1–30,
 * 31–60, 61–90, 90+ days past due), payments applied to them (one reversed, some unapplied credit) and credit
 * notes. Rows are built here and bulk-inserted by the seeder, so 100,000 invoices take seconds; their amounts come
 * from the shared rules (`invoiceTotals`, `documentNumber`), as the services would compute them.
 */
import { documentNumber, invoiceTotals, lineAmountCents } from '../src/shared/accounting.js';
import { agingBucketOf } from '../src/shared/aging.js';
import {
  addDays,
  daysBetween,
  todayUtc,
  summaryDescription,
} from '../src/server/modules/accounting/index.js';
import type { DemoBillingCompany, DemoInvoiceClaim, DemoInvoiceRows } from './seed-demo-invoice-rows.js';
import type { payments } from '../src/server/db/schema/index.js';
import { randomStream } from './seed-demo-random.js';

export type { DemoBillingCompany, DemoInvoiceClaim, DemoInvoiceRows };

/** Its own deterministic stream, so the claims and their costs come out as before. */
const { random, between, pick } = randomStream(15_150_015);

/** How likely an invoice is still open, by how far past due it is: old ones were mostly paid. */
const OPEN_CHANCE = { current: 0.85, '1-30': 0.6, '31-60': 0.45, '61-90': 0.35, '90+': 0.06 } as const;
const METHODS = ['check', 'check', 'ach', 'ach', 'ach', 'card', 'wire'] as const;
const VOID_REASONS = [
  'Billed to the wrong company',
  'Duplicate of an earlier invoice',
  'Repair covered by warranty',
];
const CREDIT_REASONS = ['Labour rate corrected', 'Goodwill discount', 'Part returned to the supplier'];

const at = (day: string, hour = 15) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);

/**
 * Invoices for the completed and closed claims: a third of those completed in the last 90 days are left for
 * "Ready to invoice", a few recent ones are drafts, the rest were sent a few days after completion (numbered in
 * issue order per year, as sending does) and then paid, partly paid, credited or voided as their age makes likely.
 */
export function demoInvoices(
  billable: readonly DemoInvoiceClaim[],
  companies: readonly DemoBillingCompany[],
  adminId: string,
  reminderDays: readonly number[],
  now = new Date(),
): DemoInvoiceRows {
  const today = todayUtc(now);
  const companyOf = new Map(companies.map((company) => [company.id, company]));
  const rows: DemoInvoiceRows = {
    invoices: [],
    invoiceLines: [],
    invoiceClaims: [],
    payments: [],
    paymentApplications: [],
    creditNotes: [],
    reminders: [],
    audit: [],
    counters: [],
  };
  const audit = (invoiceId: string, action: string, day: string, after: object, hour = 15) =>
    rows.audit.push({
      actorId: adminId,
      action,
      entityType: 'invoice',
      entityId: invoiceId,
      after,
      createdAt: at(day, hour),
    });
  const pay = (
    companyId: string,
    amountCents: number,
    receivedOn: string,
    applications: { invoiceId: string; amountCents: number }[],
    extra: Partial<typeof payments.$inferInsert> = {},
  ) => {
    const method = pick(METHODS);
    const id = crypto.randomUUID();
    rows.payments.push({
      id,
      companyId,
      amountCents,
      receivedOn,
      method,
      reference:
        method === 'check'
          ? String(between(1000, 9999))
          : method === 'card'
            ? null
            : `TX-${between(100000, 999999)}`,
      createdById: adminId,
      createdAt: at(receivedOn, 16),
      ...extra,
    });
    for (const application of applications) {
      rows.paymentApplications.push({
        paymentId: id,
        ...application,
        appliedOn: receivedOn,
        createdAt: at(receivedOn, 16),
      });
    }
    return id;
  };

  let anyBounced = false;
  const sequences = new Map<string, number>();
  const next = (prefix: 'INV' | 'CN', day: string) => {
    const year = Number(day.slice(0, 4));
    const name = `${prefix.toLowerCase()}-${year}`;
    const value = (sequences.get(name) ?? 0) + 1;
    sequences.set(name, value);
    return documentNumber(prefix, year, value);
  };

  // In completion order, so that numbers follow issue dates as they would have been given.
  const claims = billable
    .filter((claim) => claim.completedAt && claim.finalAmountCents)
    .map((claim) => ({ claim, completedOn: todayUtc(claim.completedAt!) }))
    .filter(({ completedOn }) => completedOn <= today)
    .sort((a, b) => a.completedOn.localeCompare(b.completedOn) || a.claim.number - b.claim.number);
  for (const { claim, completedOn } of claims) {
    const age = daysBetween(completedOn, today);
    if (age <= 90 && random() < 0.33) continue; // Ready to invoice
    const company = companyOf.get(claim.companyId)!;
    const id = crypto.randomUUID();
    const amount = claim.finalAmountCents!;
    const parts = Math.round(amount * (0.5 + random() * 0.2));
    const lines = [
      { description: summaryDescription(claim), quantity: 1, unitPriceCents: parts, taxable: true },
      {
        description: `${summaryDescription(claim)}: labour, not taxed`,
        quantity: 1,
        unitPriceCents: amount - parts,
        taxable: false,
      },
    ];
    const totals = invoiceTotals(lines, company.taxRatePercent);
    const draft = age <= 20 && random() < 0.3;
    const issueDate = draft ? null : [addDays(completedOn, between(0, 3)), today].sort()[0]!;
    const dueDate = issueDate && addDays(issueDate, company.paymentTermsDays);
    const createdOn = issueDate ?? completedOn;
    const invoice: DemoInvoiceRows['invoices'][number] = {
      id,
      companyId: claim.companyId,
      number: issueDate ? next('INV', issueDate) : null,
      lifecycle: issueDate ? 'sent' : 'draft',
      issueDate,
      dueDate,
      paymentTermsDays: company.paymentTermsDays,
      taxRatePercent: company.taxRatePercent,
      ...totals,
      sentAt: issueDate ? at(issueDate, 14) : null,
      sentTo: issueDate ? company.recipient : null,
      createdById: adminId,
      createdAt: at(createdOn, 13),
      updatedAt: at(issueDate ?? createdOn, 14),
      version: issueDate ? 2 : 1,
    };
    rows.invoices.push(invoice);
    lines.forEach((line, position) =>
      rows.invoiceLines.push({
        invoiceId: id,
        position,
        claimId: claim.id,
        ...line,
        amountCents: lineAmountCents(line.quantity, line.unitPriceCents),
      }),
    );
    audit(
      id,
      'invoice.created',
      createdOn,
      { companyId: claim.companyId, claimIds: [claim.id], totalCents: totals.totalCents },
      13,
    );
    if (!issueDate || !dueDate) {
      rows.invoiceClaims.push({ invoiceId: id, claimId: claim.id, active: true });
      continue;
    }
    audit(
      id,
      'invoice.sent',
      issueDate,
      {
        status: 'sent',
        number: invoice.number,
        issueDate,
        dueDate,
        sentTo: company.recipient,
        totalCents: totals.totalCents,
      },
      14,
    );
    if (random() < 0.03) {
      const voidedOn = [addDays(issueDate, between(1, 10)), today].sort()[0]!;
      Object.assign(invoice, {
        lifecycle: 'void',
        voidReason: pick(VOID_REASONS),
        voidedOn,
        voidedAt: at(voidedOn),
        version: 3,
      });
      rows.invoiceClaims.push({ invoiceId: id, claimId: claim.id, active: false });
      audit(id, 'invoice.voided', voidedOn, {
        status: 'void',
        reason: invoice.voidReason,
        number: invoice.number,
      });
      continue;
    }
    rows.invoiceClaims.push({ invoiceId: id, claimId: claim.id, active: true });
    let balance = totals.totalCents;
    if (random() < 0.05) {
      const issuedOn = [addDays(issueDate, between(2, 20)), today].sort()[0]!;
      const amountCents = Math.max(100, Math.round(balance * (0.05 + random() * 0.1)));
      const number = next('CN', issuedOn);
      rows.creditNotes.push({
        invoiceId: id,
        number,
        amountCents,
        issuedOn,
        reason: pick(CREDIT_REASONS),
        createdById: adminId,
        createdAt: at(issuedOn, 17),
      });
      audit(id, 'invoice.credited', issuedOn, { creditNote: number, amountCents, issuedOn }, 17);
      balance -= amountCents;
    }
    const daysPastDue = daysBetween(dueDate, today);
    const open = random() < OPEN_CHANCE[agingBucketOf(daysPastDue)];
    // Still owing: it had each reminder its days past due reached (the job sends them from here on).
    for (const stage of open ? reminderDays.filter((days) => days <= daysPastDue) : []) {
      const sentOn = addDays(dueDate, stage);
      rows.reminders.push({
        invoiceId: id,
        stage,
        daysPastDue: stage,
        sentTo: company.recipient,
        createdAt: at(sentOn, 9),
      });
      audit(id, 'invoice.reminder_sent', sentOn, { stage, daysPastDue: stage, sentTo: company.recipient }, 9);
    }
    const paidOn = [addDays(issueDate, between(5, company.paymentTermsDays + 20)), today].sort()[0]!;
    if (!open) {
      pay(claim.companyId, balance, paidOn, [{ invoiceId: id, amountCents: balance }]);
    } else if (random() < 0.4 && paidOn < today) {
      const part = Math.round(balance * (0.25 + random() * 0.5));
      // Now and then (and at least once) the check bounced: reversed a few days later, it settles nothing.
      const bounced: boolean = random() < 0.08 || !anyBounced;
      anyBounced ||= bounced;
      const reversedOn = [addDays(paidOn, between(3, 8)), today].sort()[0]!;
      pay(
        claim.companyId,
        part,
        paidOn,
        [{ invoiceId: id, amountCents: part }],
        bounced
          ? {
              method: 'check',
              reversedOn,
              reversedAt: at(reversedOn),
              reversalReason: 'Check returned unpaid',
            }
          : {},
      );
    }
  }
  // Each company has some money on account (an unapplied credit) from two weeks ago.
  for (const company of companies) pay(company.id, between(5, 40) * 1_000, addDays(today, -14), []);
  rows.counters = [...sequences].map(([name, value]) => ({ name, value }));
  return rows;
}
