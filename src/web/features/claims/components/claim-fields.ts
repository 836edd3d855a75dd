import { z } from 'zod';
import { updateClaimSchema, type Claim, type UpdateClaimValues } from '@shared/claims';

import { centsToDollarsText, dollarsToCents } from '../../../lib/form-numbers';

/** The claim fields people edit on the claim page (`PATCH /api/vehicles/{id}` takes them all). */
export type EditableField = Exclude<keyof UpdateClaimValues, 'version'>;

/** What the inputs hold: text for numbers, money and dates, "yes"/"no"/"" for a yes-no-unknown answer. */
export type ClaimFormValues = {
  locationId: string;
  odometerAtIntake: string;
  description: string;
  reportedByName: string;
  reportedByPhone: string;
  drivable: '' | 'yes' | 'no';
  towRequired: boolean;
  rentalNeeded: boolean;
  repairFacilityId: string;
  assigneeId: string;
  priority: Claim['priority'];
  tags: string;
  insurer: string;
  insurerClaimNumber: string;
  policyNumber: string;
  adjusterName: string;
  adjusterPhone: string;
  adjusterEmail: string;
  deductibleCents: string;
  estimateAmountCents: string;
  approvedAmountCents: string;
  finalAmountCents: string;
  lossDate: string;
  dropOffDate: string;
  eta: string;
};

export const CLAIM_SECTIONS = ['vehicle', 'incident', 'repair', 'insurance', 'money', 'dates'] as const;
export type ClaimSection = (typeof CLAIM_SECTIONS)[number];

export const SECTION_TITLES: Record<ClaimSection, string> = {
  vehicle: 'Vehicle',
  incident: 'Incident',
  repair: 'Repair',
  insurance: 'Insurance',
  money: 'Money',
  dates: 'Dates',
};

/** The fields each section edits; the date of loss sits with the other dates, whose order it anchors. */
export const SECTION_FIELDS = {
  vehicle: ['locationId', 'odometerAtIntake'],
  incident: ['description', 'reportedByName', 'reportedByPhone', 'drivable', 'towRequired', 'rentalNeeded'],
  repair: ['repairFacilityId', 'assigneeId', 'priority', 'tags'],
  insurance: [
    'insurer',
    'insurerClaimNumber',
    'policyNumber',
    'adjusterName',
    'adjusterPhone',
    'adjusterEmail',
  ],
  money: ['deductibleCents', 'estimateAmountCents', 'approvedAmountCents', 'finalAmountCents'],
  dates: ['lossDate', 'dropOffDate', 'eta'],
} as const satisfies Record<ClaimSection, readonly (EditableField & keyof ClaimFormValues)[]>;

export type SectionField = (typeof SECTION_FIELDS)[ClaimSection][number];

export const FIELD_LABELS: Record<SectionField, string> = {
  locationId: 'Location',
  odometerAtIntake: 'Odometer at intake',
  description: 'Description',
  reportedByName: 'Reported by',
  reportedByPhone: 'Reporter’s phone',
  drivable: 'Drivable',
  towRequired: 'Tow required',
  rentalNeeded: 'Rental needed',
  repairFacilityId: 'Repair facility',
  assigneeId: 'Assignee',
  priority: 'Priority',
  tags: 'Tags',
  insurer: 'Insurer',
  insurerClaimNumber: 'Insurer claim number',
  policyNumber: 'Policy number',
  adjusterName: 'Adjuster',
  adjusterPhone: 'Adjuster’s phone',
  adjusterEmail: 'Adjuster’s email',
  deductibleCents: 'Deductible',
  estimateAmountCents: 'Estimate',
  approvedAmountCents: 'Approved amount',
  finalAmountCents: 'Final amount',
  lossDate: 'Date of loss',
  dropOffDate: 'Drop-off date',
  eta: 'Estimated completion',
};

const MONEY_FIELDS = new Set<SectionField>(SECTION_FIELDS.money);
const DATE_FIELDS = new Set<SectionField>(['dropOffDate', 'eta']);
const ID_FIELDS = new Set<SectionField>(['locationId', 'repairFacilityId', 'assigneeId']);

const centsText = centsToDollarsText;

/** The claim's current values as the inputs show them. */
export function formValuesOf(claim: Claim): ClaimFormValues {
  return {
    locationId: claim.locationId ?? '',
    odometerAtIntake: claim.odometerAtIntake === null ? '' : String(claim.odometerAtIntake),
    description: claim.description,
    reportedByName: claim.reportedByName ?? '',
    reportedByPhone: claim.reportedByPhone ?? '',
    drivable: claim.drivable === null ? '' : claim.drivable ? 'yes' : 'no',
    towRequired: claim.towRequired,
    rentalNeeded: claim.rentalNeeded,
    repairFacilityId: claim.repairFacilityId ?? '',
    assigneeId: claim.assigneeId ?? '',
    priority: claim.priority,
    tags: claim.tags.join(', '),
    insurer: claim.insurer ?? '',
    insurerClaimNumber: claim.insurerClaimNumber ?? '',
    policyNumber: claim.policyNumber ?? '',
    adjusterName: claim.adjusterName ?? '',
    adjusterPhone: claim.adjusterPhone ?? '',
    adjusterEmail: claim.adjusterEmail ?? '',
    deductibleCents: centsText(claim.deductibleCents),
    estimateAmountCents: centsText(claim.estimateAmountCents),
    approvedAmountCents: centsText(claim.approvedAmountCents),
    finalAmountCents: centsText(claim.finalAmountCents),
    lossDate: claim.lossDate,
    dropOffDate: claim.dropOffDate ?? '',
    eta: claim.eta ?? '',
  };
}

function toRequestValue(field: SectionField, value: string | boolean): unknown {
  if (typeof value === 'boolean') return value;
  if (MONEY_FIELDS.has(field)) return dollarsToCents(value);
  if (field === 'odometerAtIntake') return value.trim() === '' ? null : Number(value.replace(/[,\s]/g, ''));
  if (field === 'drivable') return value === '' ? null : value === 'yes';
  if (field === 'tags') {
    return value
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean);
  }
  if (ID_FIELDS.has(field) || DATE_FIELDS.has(field)) return value === '' ? null : value;
  return value;
}

/** The inputs of `fields` as the API takes them. */
export function requestValuesOf(values: ClaimFormValues, fields: readonly SectionField[]) {
  return Object.fromEntries(fields.map((field) => [field, toRequestValue(field, values[field])]));
}

/**
 * The form's schema: the inputs of `fields` converted to the API's types, then checked by the server's own
 * `updateClaimSchema`, so every message (and the order of dates) is the one the server would give.
 */
export function sectionSchema(fields: readonly SectionField[]) {
  return z.preprocess(
    // The version is the editor's business; any valid one lets the schema check the fields.
    (values: ClaimFormValues) => ({ ...requestValuesOf(values, fields), version: 1 }),
    updateClaimSchema,
  );
}

/** The API value of `field` on a claim, to compare with what a form produced. */
export function claimValue(claim: Claim, field: SectionField): unknown {
  return claim[field];
}

export const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields whose value in `values` (API types) differs from the claim's. */
export function changedFields(
  values: Partial<Record<SectionField, unknown>>,
  claim: Claim,
  fields: readonly SectionField[],
): Partial<UpdateClaimValues> {
  return Object.fromEntries(
    fields
      .filter((field) => field in values && !sameValue(values[field], claimValue(claim, field)))
      .map((field) => [field, values[field]]),
  );
}

/** Whether the claim's values of `fields` are the same in both versions. */
export function sameFields(a: Claim, b: Claim, fields: readonly SectionField[]): boolean {
  return fields.every((field) => sameValue(claimValue(a, field), claimValue(b, field)));
}
