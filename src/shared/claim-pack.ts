import { z } from 'zod';
import { emailSchema } from './users.js';

/**
 * The claim pack sent to an insurer's adjuster by e-mail (issue 32): a link to download it, not a 40 MB attachment.
 * The link works without an account until it expires or is revoked, and reaches that claim's pack only.
 */

/** How long a sent link works. */
export const CLAIM_PACK_LINK_DAYS = 30;
/** The address an adjuster opens: the app's page for the link (`/claim-packs/<token>`). */
export const CLAIM_PACK_PATH = '/claim-packs/';

export const CLAIM_PACK_REVOKED_MESSAGE = 'This claim pack link was revoked. Ask the fleet for a new one.';
export const CLAIM_PACK_EXPIRED_MESSAGE = 'This claim pack link has expired. Ask the fleet for a new one.';
export const CLAIM_PACK_NOT_FOUND_MESSAGE =
  'This claim pack link is not valid: check that the whole link was copied from the e-mail, or ask the fleet for a new one.';

export const sendClaimPackSchema = z.object({ to: emailSchema });

/** A sent link as the claim page lists it (never its token). */
export const claimPackLinkSchema = z.object({
  id: z.uuid(),
  sentTo: z.string(),
  sentBy: z.string().describe('Who sent it'),
  createdAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  revokedAt: z.iso.datetime({ offset: true }).nullable(),
  downloads: z.number().int(),
  lastDownloadedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ClaimPackLink = z.infer<typeof claimPackLinkSchema>;
export const claimPackLinkListSchema = z.object({ items: z.array(claimPackLinkSchema) });

/** What the adjuster's page shows before the download: the claim, whose it is, and what the pack holds. */
export const claimPackSummarySchema = z.object({
  claimNumber: z.string(),
  companyName: z.string(),
  vehicle: z.string().describe('Year, make, model and unit number'),
  files: z.number().int().describe('Photos and documents in the pack besides its PDF'),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type ClaimPackSummary = z.infer<typeof claimPackSummarySchema>;
