import { z } from 'zod';
import { noteRequestSchema } from './claim-notes.js';
import { isoDate } from './fields.js';
import { emailSchema } from './users.js';
import {
  allowedTransitions,
  CLAIM_STATUSES,
  STATUS_LABELS,
  WORKFLOWS,
  type ClaimStatus,
  type Workflow,
} from './workflows.js';

/**
 * The repair shop's link (issue 32): sent from a claim to its repair facility, by e-mail or copied, it lets the shop
 * update that one claim without an account: move it along the moves a shop makes, set the ETA, upload photos and
 * an estimate, post a note. Everything it does goes through the same paths as a person's, named
 * "Shop: <facility> via link".
 */

/** The address a shop opens: the app's page for the link (`/shop/<token>`). */
export const SHOP_LINK_PATH = '/shop/';
/** A shop link works until its claim has ended (completed, closed, cancelled, a total loss) this many days. */
export const SHOP_LINK_DAYS_AFTER_END = 7;
/** And never longer than this from when it was sent. */
export const SHOP_LINK_MAX_DAYS = 365;

export const SHOP_LINK_REVOKED_MESSAGE = 'This shop link was revoked. Ask the fleet for a new one.';
export const SHOP_LINK_EXPIRED_MESSAGE =
  'This shop link has expired. Ask the fleet for a new one if there is more to update.';
export const SHOP_LINK_ENDED_MESSAGE =
  'This shop link has ended with its claim. Ask the fleet for a new one if there is more to update.';
export const SHOP_LINK_NOT_FOUND_MESSAGE =
  'This shop link is not valid: check that the whole link was copied, or ask the fleet for a new one.';
export const SHOP_LINK_NEEDS_FACILITY_MESSAGE =
  'Choose the claim’s repair facility before sending it a shop link.';
export const SHOP_LINK_OTHER_FACILITY_MESSAGE =
  'This claim is now with another repair facility, so this shop link no longer works.';
/** Updates one link may make in an hour, counted across every app process. */
export const SHOP_LINK_UPDATES_PER_HOUR = 120;
export const SHOP_LINK_RATE_MESSAGE =
  'This shop link has made many updates in the last hour. Please try again later.';
export const SHOP_UPLOAD_KIND_MESSAGE = 'A shop link takes photos and PDF estimates only';
/** What the shop's file picker offers: photos and PDFs. */
export const SHOP_UPLOAD_ACCEPT = 'image/*,.heic,.heif,application/pdf,.pdf';
/** The longest note with a move, and reason for a later ETA, in characters. */
export const SHOP_MOVE_NOTE_MAX_LENGTH = 2000;
export const SHOP_ETA_REASON_MAX_LENGTH = 500;
export const SHOP_ETA_REASON_MESSAGE = 'Say why the ETA moves later';
export const SHOP_MOVE_REFUSED_MESSAGE = 'A shop cannot make this move through its link.';

/** How history, audit and mail name what a shop did through its link. */
export const shopLinkActorLabel = (facility: string) => `Shop: ${facility} via link`;

/** The statuses a shop moves a claim to: received (awaiting estimate, diagnosis), parts, repair, ready. */
export const SHOP_STATUSES = [
  'estimate_pending',
  'diagnosis',
  'parts_ordered',
  'in_repair',
  'ready_for_pickup',
] as const satisfies readonly ClaimStatus[];

/**
 * Where the fleet has the say: a claim on hold, a supplement in review, a declined authorization. A shop moves none
 * of these on (the fleet takes it off hold, decides the supplement, decides what follows a refusal).
 */
const FLEET_DECIDES: readonly ClaimStatus[] = ['on_hold', 'supplement_review', 'declined'];

/** The moves a shop may make from where the claim is: the workflow's moves that lead to a shop's status. */
export function shopMovesFor(claim: {
  workflow: Workflow;
  status: ClaimStatus;
  statusBeforeHold: ClaimStatus | null;
}): ClaimStatus[] {
  if (FLEET_DECIDES.includes(claim.status)) return [];
  return allowedTransitions(claim.workflow, claim.status, claim.statusBeforeHold).filter((to) =>
    (SHOP_STATUSES as readonly ClaimStatus[]).includes(to),
  );
}

/** A new ETA slips when it is later than the one given (then it needs a reason). */
export const etaSlips = (current: string | null, next: string) => current !== null && next > current;

/** The kind a shop's file is kept as: a photo, or (a PDF) an estimate; null for any other type. */
export function shopUploadKind(contentType: string): 'photo' | 'estimate' | null {
  if (contentType.startsWith('image/')) return 'photo';
  return contentType === 'application/pdf' ? 'estimate' : null;
}

export const createShopLinkSchema = z.object({
  to: emailSchema.optional().describe('Mail the link there; without it the link is only answered, to copy'),
});

/** A shop link as the claim page lists it (never its token). */
export const shopLinkSchema = z.object({
  id: z.uuid(),
  facilityName: z.string(),
  sentTo: z.string().nullable().describe('The address it was mailed to; null when copied'),
  sentBy: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  revokedAt: z.iso.datetime({ offset: true }).nullable(),
  updates: z.number().int().describe('How many updates the shop made through it'),
  lastUpdatedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ShopLink = z.infer<typeof shopLinkSchema>;
export const shopLinkListSchema = z.object({ items: z.array(shopLinkSchema) });
/** A new link, with its address: shown (and mailed) only now. */
export const createdShopLinkSchema = shopLinkSchema.extend({ url: z.url() });
export type CreatedShopLink = z.infer<typeof createdShopLinkSchema>;

const shopFileSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  kind: z.string(),
  contentType: z.string(),
  hasThumbnail: z.boolean(),
  fromShop: z.boolean().describe('Uploaded through a shop link'),
  createdAt: z.iso.datetime({ offset: true }),
});

/** What the shop's page shows: the claim's vehicle, the reported damage and its files, and what it may do. */
export const shopClaimSchema = z.object({
  claimNumber: z.string(),
  companyName: z.string(),
  facilityName: z.string(),
  vehicle: z.string().describe('Year, make, model and unit number'),
  vin: z.string().nullable(),
  licensePlate: z.string().nullable(),
  workflow: z.enum(WORKFLOWS),
  status: z.enum(CLAIM_STATUSES),
  description: z.string().describe('The damage or fault as reported'),
  eta: z.string().nullable(),
  version: z.number().int(),
  moves: z.array(z.enum(CLAIM_STATUSES)).describe('The moves the shop may make now'),
  files: z.array(shopFileSchema),
  lastUpdatedAt: z.iso.datetime({ offset: true }).nullable(),
  maxBytes: z.number().int().describe('The largest file the server accepts'),
});
export type ShopClaim = z.infer<typeof shopClaimSchema>;

export const shopMoveSchema = z.object({
  to: z.enum(SHOP_STATUSES, { error: 'Choose where the claim moves' }),
  note: z.string().trim().max(SHOP_MOVE_NOTE_MAX_LENGTH, 'A note is at most 2,000 characters').optional(),
  version: z.number().int(),
});

export const shopEtaSchema = z.object({
  eta: isoDate('Estimated completion'),
  reason: z.string().trim().max(SHOP_ETA_REASON_MAX_LENGTH, 'A reason is at most 500 characters').optional(),
  version: z.number().int(),
});

export const shopNoteSchema = noteRequestSchema;

/** "In repair", as the shop's buttons and the history name a move. */
export const shopMoveLabel = (to: ClaimStatus) => STATUS_LABELS[to];

export { isShopQuiet, shopQuietLabel } from './shop-quiet.js';
