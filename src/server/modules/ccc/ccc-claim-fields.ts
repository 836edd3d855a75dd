import { updateClaimSchema } from '@shared/claims.js';
import { formatCents } from '@shared/money.js';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import type { claims } from '../../db/schema/index.js';
import { claimSearchText, loadClaimRow, updateClaimFields } from '../claims/index.js';
import type { BmsEstimate } from './bms-parser.js';

/**
 * The claim fields a CCC estimate carries (ccc-bms.md §8: insurer, insurer claim number, policy, deductible,
 * adjuster, odometer, drivable). The current committed version of an estimate fills those the claim does not
 * have yet; a value already on the claim — typed by a person, or filled by an earlier version — is never
 * overwritten: when the file says something else, the import says so instead (decision 020). The loss date is
 * required on every claim, so it is never filled; total loss has its own rule (ccc-total-loss.ts).
 */

type FilledField =
  | 'insurer'
  | 'insurerClaimNumber'
  | 'policyNumber'
  | 'deductibleCents'
  | 'adjusterName'
  | 'adjusterPhone'
  | 'adjusterEmail'
  | 'odometerAtIntake'
  | 'drivable';

const LABELS: Record<FilledField, string> = {
  insurer: 'insurer',
  insurerClaimNumber: 'insurer claim number',
  policyNumber: 'policy number',
  deductibleCents: 'deductible',
  adjusterName: 'adjuster',
  adjusterPhone: 'adjuster phone',
  adjusterEmail: 'adjuster email',
  odometerAtIntake: 'odometer at intake',
  drivable: 'drivable',
};

type Value = string | number | boolean;

function fileValues(estimate: BmsEstimate): Partial<Record<FilledField, Value | null>> {
  return {
    insurer: estimate.insurer,
    insurerClaimNumber: estimate.claimNumber,
    policyNumber: estimate.policyNumber,
    deductibleCents: estimate.policyDeductibleCents,
    adjusterName: estimate.adjuster?.name ?? null,
    adjusterPhone: estimate.adjuster?.phone ?? null,
    adjusterEmail: estimate.adjuster?.email ?? null,
    odometerAtIntake: estimate.odometer,
    drivable: estimate.drivable,
  };
}

const shown = (field: FilledField, value: Value) =>
  field === 'deductibleCents'
    ? formatCents(value as number)
    : typeof value === 'boolean'
      ? value
        ? 'yes'
        : 'no'
      : String(value);

const same = (a: Value, b: Value) =>
  typeof a === 'string' && typeof b === 'string'
    ? a.trim().toLowerCase() === b.trim().toLowerCase()
    : a === b;

/**
 * Fills the claim's empty fields from the estimate (inside the import's transaction, the claim's row locked),
 * audited and bumping the claim's version. Answers what the import should say: the fields whose file value
 * differs from the claim's, which were kept, or null.
 */
export async function fillClaimFields(
  tx: Database,
  actor: Actor,
  claimId: string,
  estimate: BmsEstimate,
): Promise<string | null> {
  const { claim, vehicle } = await loadClaimRow(tx, 'all', claimId);
  const filled: Partial<Record<FilledField, Value>> = {};
  const kept: string[] = [];
  for (const [key, raw] of Object.entries(fileValues(estimate))) {
    const field = key as FilledField;
    if (raw === null || raw === undefined) continue;
    // The claim's own rules (length, phone, e-mail, odometer range): a value the form would refuse is left out.
    const checked = updateClaimSchema.shape[field].safeParse(raw);
    if (!checked.success || checked.data === null || checked.data === undefined) continue;
    const value = checked.data as Value;
    const current = claim[field] as Value | null;
    if (current === null) filled[field] = value;
    else if (!same(current, value)) {
      kept.push(`${LABELS[field]} ${shown(field, current)} (the file says ${shown(field, value)})`);
    }
  }
  const fields = Object.keys(filled) as FilledField[];
  if (fields.length > 0) {
    // Each value passed the claim schema of its own field above.
    const values = filled as Partial<typeof claims.$inferInsert>;
    await updateClaimFields(tx, actor, claimId, {
      set: {
        ...values,
        ...(values.insurerClaimNumber
          ? { searchText: claimSearchText(claim.number, vehicle, { ...claim, ...values }) }
          : {}),
      },
      before: Object.fromEntries(fields.map((field) => [field, null])),
      after: { ...filled, reason: `From CCC estimate ${estimate.documentId}` },
    });
  }
  return kept.length ? `Kept the claim's ${kept.join('; ')}` : null;
}
