import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ReadyToInvoice } from '@shared/accounting.js';
import { INVOICEABLE_CLAIM_STATUSES } from '@shared/accounting.policy.js';
import type { Database } from '../../db/client.js';
import { claims, companies, invoiceClaims, vehicles } from '../../db/schema/index.js';

/** Claims `canInvoiceClaim` bills (completed or closed) of the last 90 days on no invoice (a void invoice released its claims). */
export async function listReadyToInvoice(db: Database): Promise<ReadyToInvoice> {
  const rows = await db
    .select({
      id: claims.id,
      number: claims.number,
      companyId: claims.companyId,
      companyName: companies.name,
      workflow: claims.workflow,
      status: claims.status,
      year: vehicles.year,
      make: vehicles.make,
      model: vehicles.model,
      unitNumber: vehicles.unitNumber,
      completedAt: claims.completedAt,
      amountCents: sql<
        number | null
      >`coalesce(${claims.finalAmountCents}, ${claims.approvedAmountCents}, ${claims.estimateAmountCents})`,
    })
    .from(claims)
    .innerJoin(companies, eq(companies.id, claims.companyId))
    .innerJoin(vehicles, eq(vehicles.id, claims.vehicleId))
    .where(
      and(
        inArray(claims.status, [...INVOICEABLE_CLAIM_STATUSES]),
        sql`coalesce(${claims.completedAt}, ${claims.closedAt}, ${claims.statusChangedAt}) >= now() - interval '90 days'`,
        sql`not exists (select 1 from ${invoiceClaims} where ${invoiceClaims.claimId} = ${claims.id} and ${invoiceClaims.active})`,
      ),
    )
    .orderBy(asc(companies.name), desc(claims.completedAt), desc(claims.number))
    .limit(500);
  return {
    items: rows.map(({ year, make, model, unitNumber, completedAt, ...row }) => ({
      ...row,
      vehicle: `${[year, make, model].filter(Boolean).join(' ')} (unit ${unitNumber})`,
      completedAt: completedAt?.toISOString() ?? null,
    })),
  };
}
