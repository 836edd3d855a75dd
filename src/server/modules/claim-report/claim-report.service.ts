import type { FastifyRequest } from 'fastify';
import type { Claim, Note, StatusHistoryEntry } from '@shared/claims.js';
import type { Database } from '../../db/client.js';
import { companyScope } from '../companies/company-scope.js';
import { listNotes } from '../claims/claim-notes.service.js';
import { statusHistory } from '../claims/claim-workflow.service.js';
import { loadClaimRow, presentClaim } from '../claims/claims.service.js';

/** Everything the claim's PDF report shows, loaded in a fixed number of queries. */
export interface ClaimReport {
  claim: Claim;
  history: StatusHistoryEntry[];
  notes: Note[];
  generatedAt: string;
}

/** The report of a claim the caller can see (another company's claim: 404, as everywhere). */
export async function loadClaimReport(
  db: Database,
  request: FastifyRequest,
  id: string,
): Promise<ClaimReport> {
  const row = await loadClaimRow(db, await companyScope(db, request), id);
  const [claim, history, notes] = await Promise.all([
    presentClaim(db, request, row),
    statusHistory(db, row.claim.id),
    listNotes(db, row.claim.id),
  ]);
  return { claim, history, notes, generatedAt: new Date().toISOString() };
}
