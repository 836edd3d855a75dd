import { eq, inArray, max, sql } from 'drizzle-orm';
import { AppError } from '@shared/errors.js';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { authorizationLines, authorizationRequests } from '../../db/schema/index.js';
import { recordAudit } from '../audit/index.js';
import { emitAuthorizationDecided } from '../authorizations/index.js';
import type { TekmetricJobDto } from './tekmetric-client.js';
import { jobDecision, type AuthorizationFigures } from './tekmetric-ro.js';

/**
 * The RO's authorization request and its lines (one per job, keyed by the job id). Answers its id. A decision made
 * in Tekmetric (the request decided now, or decided otherwise than before) sends `authorization.decided`.
 */
export async function upsertAuthorization(
  tx: Database,
  actor: Actor,
  claim: { id: string; companyId: string },
  existingId: string | null,
  jobs: TekmetricJobDto[],
  figures: AuthorizationFigures,
  label: string,
): Promise<string> {
  const claimId = claim.id;
  const decided = figures.status !== 'pending';
  const fields = {
    status: figures.status,
    requestedAmountCents: figures.requestedCents,
    approvedAmountCents: figures.status === 'withdrawn' ? 0 : decided ? figures.approvedCents : null,
    note: `${label}: jobs from Tekmetric`,
    decidedById: null,
    decidedAutomatically: false,
    decisionNote:
      figures.status === 'withdrawn'
        ? 'The repair order was deleted in Tekmetric'
        : decided
          ? 'Decided in Tekmetric'
          : null,
  };
  let id = existingId;
  const [existing] = id
    ? await tx.select().from(authorizationRequests).where(eq(authorizationRequests.id, id))
    : [];
  try {
    if (existing) {
      await tx
        .update(authorizationRequests)
        .set({ ...fields, decidedAt: decided ? (existing.decidedAt ?? sql`now()`) : null })
        .where(eq(authorizationRequests.id, existing.id));
    } else {
      const [last] = await tx
        .select({ sequence: max(authorizationRequests.sequence) })
        .from(authorizationRequests)
        .where(eq(authorizationRequests.claimId, claimId));
      const [inserted] = await tx
        .insert(authorizationRequests)
        .values({
          ...fields,
          claimId,
          sequence: (last?.sequence ?? 0) + 1,
          decidedAt: decided ? sql`now()` : null,
        })
        .returning({ id: authorizationRequests.id });
      id = inserted!.id;
    }
  } catch (error) {
    if (isUniqueViolation(error, 'authorization_requests_pending_key')) {
      throw new AppError(
        'conflict',
        'The claim already has an authorization request awaiting a decision in FleetClaims',
      );
    }
    throw error;
  }
  const lines = await tx
    .select({ id: authorizationLines.id, jobId: authorizationLines.tekmetricJobId })
    .from(authorizationLines)
    .where(eq(authorizationLines.authorizationId, id!));
  const jobIds = jobs.map((job) => String(job.id));
  const gone = lines.filter((line) => !line.jobId || !jobIds.includes(line.jobId)).map((line) => line.id);
  if (gone.length) await tx.delete(authorizationLines).where(inArray(authorizationLines.id, gone));
  // Positions are unique per request: move the kept lines out of the way before renumbering them.
  await tx
    .update(authorizationLines)
    .set({ position: sql`-${authorizationLines.position} - 1000` })
    .where(eq(authorizationLines.authorizationId, id!));
  const lineOf = new Map(lines.map((line) => [line.jobId, line.id]));
  for (const [index, job] of jobs.entries()) {
    const decision = jobDecision(job);
    const values = {
      position: index + 1,
      description: job.note && decision === 'declined' ? `${job.name} (declined: ${job.note})` : job.name,
      amountCents: Math.round(job.subtotal),
      approved: decision === 'pending' ? null : decision === 'approved',
    };
    const lineId = lineOf.get(String(job.id));
    if (lineId) await tx.update(authorizationLines).set(values).where(eq(authorizationLines.id, lineId));
    else
      await tx
        .insert(authorizationLines)
        .values({ ...values, authorizationId: id!, tekmetricJobId: String(job.id) });
  }
  await recordAudit(tx, actor, {
    action: existing ? 'authorization.synced' : 'authorization.created',
    entityType: 'authorization',
    entityId: id,
    before: existing ? { status: existing.status, approvedAmountCents: existing.approvedAmountCents } : null,
    after: {
      status: figures.status,
      requestedAmountCents: figures.requestedCents,
      approvedAmountCents: fields.approvedAmountCents,
    },
  });
  const newDecision =
    decided &&
    figures.status !== 'withdrawn' &&
    (existing?.status !== figures.status || existing.approvedAmountCents !== fields.approvedAmountCents);
  if (newDecision) await emitAuthorizationDecided(tx, { id: id!, claimId, companyId: claim.companyId });
  return id!;
}
