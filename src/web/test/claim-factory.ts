import type { Attachment } from '@shared/attachments';
import type { Claim, ClaimListItem, Note, StatusHistoryEntry } from '@shared/claims';
import type { ClaimAuthorizations } from '@shared/authorizations';
import type { ClaimEstimates } from '@shared/estimates';

import { jsonResponse } from './fetch-stub';

let sequence = 0;
const nextId = (prefix: string) => {
  sequence += 1;
  return `${prefix}-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
};

/** The upload limit the fake server announces: 25 MB, the default. */
export const ATTACHMENT_TEST_MAX_BYTES = 25 * 1024 * 1024;

/** A file on a claim as the server sends it (`buildAttachment({ contentType: 'application/pdf' })`). */
export function buildAttachment(claimId: string, overrides: Partial<Attachment> = {}): Attachment {
  const id = nextId('a77a0000');
  return {
    id,
    claimId,
    kind: 'photo',
    fileName: 'front-bumper.jpg',
    contentType: 'image/jpeg',
    sizeBytes: 2_480_000,
    width: 4032,
    height: 3024,
    sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    uploadedBy: maria,
    via: null,
    impersonator: null,
    createdAt: '2026-11-03T15:04:00.000Z',
    fileUrl: `/api/attachments/${id}/file`,
    thumbnailUrl: `/api/attachments/${id}/thumbnail`,
    ...overrides,
  };
}

export const maria = {
  id: '5a1d0000-0000-4000-8000-000000000001',
  username: 'maria.manager',
  name: 'Maria Manager',
};
export const alex = {
  id: '5a1d0000-0000-4000-8000-000000000002',
  username: 'alex.admin',
  name: 'Alex Admin',
};

/** A collision claim in repair as the server sends it to a manager (`buildClaim({ status: 'on_hold' })`). */
export function buildClaim(overrides: Partial<Claim> = {}): Claim {
  const id = nextId('c1a10000');
  return {
    id,
    number: 123,
    claimNumber: 'CLM-000123',
    workflow: 'collision',
    status: 'in_repair',
    priority: 'high',
    companyId: 'c0c0c0c0-0000-4000-8000-000000000001',
    companyName: 'Acme Rentals',
    locationId: 'l0c00000-0000-4000-8000-000000000001',
    locationName: 'Denver Airport',
    repairFacilityId: 'fac10000-0000-4000-8000-000000000001',
    facilityName: 'Eastside Collision',
    assigneeId: maria.id,
    assignee: maria,
    vehicle: {
      id: nextId('ve100000'),
      companyId: 'c0c0c0c0-0000-4000-8000-000000000001',
      locationId: 'l0c00000-0000-4000-8000-000000000001',
      unitNumber: 'AC-1042',
      vin: '1FTBR1C80MKA00001',
      year: 2022,
      make: 'Ford',
      model: 'Transit 250',
      plate: 'FC1234',
      plateState: 'CO',
      color: 'White',
      odometer: 48210,
    },
    description: 'Rear bumper damaged while backing into the loading dock',
    lossDate: '2026-11-02',
    reportedByName: 'Dana Brooks',
    reportedByPhone: '(720) 555-0101',
    drivable: true,
    towRequired: false,
    rentalNeeded: true,
    odometerAtIntake: 48210,
    insurer: 'The Hartford',
    insurerClaimNumber: 'HF-7781',
    adjusterName: null,
    adjusterPhone: null,
    adjusterEmail: null,
    policyNumber: null,
    deductibleCents: 50000,
    firstEstimateCents: 240050,
    estimateAmountCents: 240050,
    approvedAmountCents: null,
    finalAmountCents: null,
    dropOffDate: '2026-11-03',
    eta: '2026-11-20',
    completedAt: null,
    closedAt: null,
    tags: [],
    downtimeDays: 4,
    vehicleDown: true,
    statusChangedAt: '2026-11-05T10:00:00.000Z',
    createdAt: '2026-11-02T09:00:00.000Z',
    updatedAt: '2026-11-05T10:00:00.000Z',
    version: 7,
    allowedTransitions: ['quality_check', 'supplement_review', 'on_hold', 'cancelled'],
    watching: false,
    shopUpdatedAt: null,
    createdBy: maria,
    ...overrides,
  };
}

export function buildNote(overrides: Partial<Note> = {}): Note {
  return {
    id: nextId('a07e0000'),
    body: 'Called the shop, parts arrive Tuesday.',
    author: maria,
    impersonator: null,
    via: null,
    mentions: [],
    createdAt: new Date(Date.now() - 60 * 60 * 1000).toISOString(),
    ...overrides,
  };
}

export function buildHistoryEntry(overrides: Partial<StatusHistoryEntry> = {}): StatusHistoryEntry {
  return {
    id: nextId('415e0000'),
    fromStatus: 'parts_ordered',
    toStatus: 'in_repair',
    actor: maria,
    impersonator: null,
    via: null,
    note: null,
    createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString(),
    ...overrides,
  };
}

export function buildRelatedClaim(overrides: Partial<ClaimListItem> = {}): ClaimListItem {
  const claim = buildClaim();
  return {
    id: claim.id,
    number: 98,
    claimNumber: 'CLM-000098',
    workflow: 'mechanical',
    status: 'closed',
    priority: 'normal',
    companyId: claim.companyId,
    companyName: claim.companyName,
    locationName: claim.locationName,
    facilityName: 'Front Range Diesel',
    assignee: null,
    vehicle: { ...claim.vehicle },
    lossDate: '2026-03-14',
    eta: null,
    reportedByName: null,
    insurerClaimNumber: null,
    downtimeDays: 6,
    estimateAmountCents: null,
    approvedAmountCents: null,
    finalAmountCents: null,
    statusChangedAt: claim.statusChangedAt,
    createdAt: claim.createdAt,
    updatedAt: claim.updatedAt,
    ...overrides,
  };
}

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * The claim page's calls for `claim`, answered from fixed data: the claim, its history, notes, related
 * claims, and the people who can be mentioned. Spread into `fakeApi({ routes })` and override what a test
 * is about.
 */
export function claimPageRoutes(
  claim: Claim,
  {
    history = [buildHistoryEntry({ fromStatus: null, toStatus: 'reported' })],
    notes = [],
    related = [],
    mentionable = [maria, alex],
    attachments = [],
    estimates = { items: [], facility: null },
    authorizations = { items: [], autoApprovalLimitCents: null },
  }: {
    history?: StatusHistoryEntry[];
    notes?: Note[];
    related?: ClaimListItem[];
    mentionable?: { id: string; username: string; name: string }[];
    attachments?: Attachment[];
    estimates?: ClaimEstimates;
    authorizations?: ClaimAuthorizations;
  } = {},
): Record<string, Handler> {
  const base = `/api/vehicles/${claim.id}`;
  return {
    [`GET ${base}`]: () => jsonResponse(claim),
    [`GET ${base}/history`]: () => jsonResponse(history),
    [`GET ${base}/notes`]: () => jsonResponse(notes),
    [`GET ${base}/related`]: () => jsonResponse(related),
    [`GET ${base}/mentionable`]: () => jsonResponse(mentionable),
    [`GET ${base}/attachments`]: () =>
      jsonResponse({ items: attachments, maxBytes: ATTACHMENT_TEST_MAX_BYTES }),
    [`GET ${base}/estimates`]: () => jsonResponse(estimates),
    [`GET ${base}/authorizations`]: () => jsonResponse(authorizations),
    [`POST ${base}/notifications/read`]: () => jsonResponse({ updated: 0 }),
  };
}
