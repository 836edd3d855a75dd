import { ATTACHMENTS_PER_CLAIM_MAX } from '@shared/attachments.js';
import type { Actor } from '../../actor.js';
import { actorHolds } from '../../actor.js';
import { canEditClaim, canSeeClaim } from '../claims/index.js';

/** Who may add, relabel and remove a claim's files (the routes declare the same permissions). */

/** Uploading and relabelling: `attachments.upload` on a claim the actor sees. */
export function canUploadAttachment(actor: Actor, claim: { companyId: string }): boolean {
  return canSeeClaim(actor, claim) && actorHolds(actor, 'attachments.upload');
}

/** Whoever may edit the claim may remove its files, whoever uploaded them (decision 013). */
export function canRemoveAttachment(actor: Actor, claim: { companyId: string }): boolean {
  return canEditClaim(actor, claim);
}

/** A claim keeps at most ATTACHMENTS_PER_CLAIM_MAX files. */
export function claimHasRoomForFile(filesOnClaim: number): boolean {
  return filesOnClaim < ATTACHMENTS_PER_CLAIM_MAX;
}
