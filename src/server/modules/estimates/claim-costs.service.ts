import type { Authorization } from '@shared/authorizations.js';
import type { Estimate } from '@shared/estimates.js';
import type { Database } from '../../db/client.js';
import { listClaimAuthorizations } from '../authorizations/index.js';
import { listClaimEstimates } from './estimate-read.js';

export interface ClaimCosts {
  /** Original first, then supplements, each with its lines and totals. */
  estimates: Estimate[];
  /** Newest first, each with its lines and decision. */
  authorizations: Authorization[];
}

/**
 * Everything a claim's paperwork (the PDF export) shows about its costs, in four queries however many
 * estimates, requests and lines there are. The caller has already checked that the claim is in scope.
 */
export async function loadClaimCosts(db: Database, claimId: string): Promise<ClaimCosts> {
  const [estimates, authorizations] = await Promise.all([
    listClaimEstimates(db, claimId),
    listClaimAuthorizations(db, claimId),
  ]);
  return { estimates, authorizations };
}
