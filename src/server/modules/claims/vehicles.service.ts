import { and, asc, desc, eq, ilike, ne, notInArray, or, sql } from 'drizzle-orm';
import { formatClaimNumber } from '@shared/claims.js';
import { normalizeVin, vinModelYear, vinWarning } from '@shared/vin.js';
import { FINISHED_STATUSES } from '@shared/workflows.js';
import type { CompanyScope } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { claims, vehicles } from '../../db/schema/index.js';
import { likePattern } from '../../db/like-pattern.js';
import { withinScope } from '../../company-scope.js';
import { presentClaimListItem } from './claim.presenter.js';
import { selectClaimListRows, type ClaimRow } from './claim-queries.js';

/** The vehicle's other claims, newest first. */
export async function relatedClaims(db: Database, scope: CompanyScope, row: ClaimRow) {
  const rows = await selectClaimListRows(db, {
    where: and(
      eq(claims.vehicleId, row.claim.vehicleId),
      ne(claims.id, row.claim.id),
      withinScope(scope, claims.companyId),
    ),
    sort: claims.createdAt,
    limit: 50,
  });
  return rows.map(presentClaimListItem);
}

/** Fleet vehicles (assets) to pick when adding a claim: by unit number, VIN, plate, make or model. */
export async function searchVehicles(
  db: Database,
  scope: CompanyScope,
  query: { search?: string; companyId?: string },
) {
  const pattern = query.search ? likePattern(query.search) : undefined;
  return db
    .select()
    .from(vehicles)
    .where(
      and(
        withinScope(scope, vehicles.companyId),
        query.companyId ? eq(vehicles.companyId, query.companyId) : undefined,
        pattern
          ? or(
              ilike(vehicles.unitNumber, pattern),
              ilike(vehicles.vin, pattern),
              ilike(vehicles.plate, pattern),
              ilike(vehicles.make, pattern),
              ilike(vehicles.model, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(asc(vehicles.unitNumber))
    .limit(20);
}

/**
 * What the Add Claim form says about a typed VIN: the normalized VIN, a check-digit warning, the model year,
 * and — within the company — the vehicle that already has it and its open claim, if any.
 */
export async function checkVin(
  db: Database,
  scope: CompanyScope,
  vin: string,
  companyId: string | undefined,
) {
  const normalized = normalizeVin(vin);
  const [existing] = companyId
    ? await db
        .select()
        .from(vehicles)
        .where(
          and(
            eq(vehicles.vin, normalized),
            eq(vehicles.companyId, companyId),
            withinScope(scope, vehicles.companyId),
          ),
        )
    : [];
  const [openClaim] = existing
    ? await db
        .select({
          id: claims.id,
          number: claims.number,
          status: claims.status,
          count: sql<number>`(count(*) over ())::int`,
        })
        .from(claims)
        .where(and(eq(claims.vehicleId, existing.id), notInArray(claims.status, [...FINISHED_STATUSES])))
        .orderBy(desc(claims.createdAt))
        .limit(1)
    : [];
  return {
    vin: normalized,
    warning: vinWarning(normalized),
    modelYear: normalized.length === 17 ? vinModelYear(normalized) : null,
    existingVehicle: existing
      ? {
          id: existing.id,
          companyId: existing.companyId,
          locationId: existing.locationId,
          unitNumber: existing.unitNumber,
          vin: existing.vin,
          year: existing.year,
          make: existing.make,
          model: existing.model,
          plate: existing.plate,
          plateState: existing.plateState,
          color: existing.color,
          odometer: existing.odometer,
        }
      : null,
    openClaim: openClaim
      ? { id: openClaim.id, claimNumber: formatClaimNumber(openClaim.number), status: openClaim.status }
      : null,
    openClaimCount: openClaim?.count ?? 0,
  };
}
